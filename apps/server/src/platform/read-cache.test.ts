import { describe, expect, it } from 'vitest';
import { memoryBus } from './bus.ts';
import { readCache, followChanges } from './read-cache.ts';

/** A load the test finishes when it wants: the value read, and a count of reads. */
function source() {
  let reads = 0;
  let finish: ((v: string) => void) | null = null;
  return {
    reads: () => reads,
    load: (v: string) => () => {
      reads += 1;
      return Promise.resolve(v);
    },
    slow: () => () => {
      reads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    },
    finish: (v: string) => finish?.(v),
  };
}

describe('readCache (issue 24: what orders read, kept in the process)', () => {
  it('reads once, then answers from the process until the value is forgotten', async () => {
    const s = source();
    const c = readCache<'k', string>({ max: 10, ttlMs: 60_000, enabled: true });
    expect(await c.get('k', s.load('a'))).toBe('a');
    expect(await c.get('k', s.load('b'))).toBe('a');
    expect(s.reads()).toBe(1);
    c.forget('k');
    expect(await c.get('k', s.load('b'))).toBe('b');
    expect(s.reads()).toBe(2);
  });

  it('does not keep a value whose read began before a change was announced (no stale value put back)', async () => {
    const s = source();
    const c = readCache<'k', string>({ max: 10, ttlMs: 60_000, enabled: true });
    const reading = c.get('k', s.slow());
    c.forget('k'); // the change commits while the old value is on its way back
    s.finish('old');
    expect(await reading).toBe('old'); // that reader began first: it may see the old value once
    expect(await c.get('k', s.load('new'))).toBe('new'); // but nobody after it does
  });

  it('reads every time when disabled, and never keeps what `keep` refuses', async () => {
    const s = source();
    const off = readCache<'k', string>({ max: 10, ttlMs: 60_000, enabled: false });
    await off.get('k', s.load('a'));
    await off.get('k', s.load('a'));
    expect(s.reads()).toBe(2);
    const choosy = readCache<'k', string>({ max: 10, ttlMs: 60_000, enabled: true, keep: (v) => v !== 'staff' });
    await choosy.get('k', s.load('staff'));
    await choosy.get('k', s.load('staff'));
    expect(s.reads()).toBe(4);
  });

  it('forgets by value (a member’s sessions), and everything on the bus’s word', async () => {
    const s = source();
    const c = readCache<string, string>({ max: 10, ttlMs: 60_000, enabled: true });
    await c.get('t1', s.load('member-1'));
    await c.get('t2', s.load('member-1'));
    await c.get('t3', s.load('member-2'));
    c.forgetWhere((v) => v === 'member-1');
    expect(await c.get('t1', s.load('x'))).toBe('x');
    expect(await c.get('t2', s.load('x'))).toBe('x');
    expect(await c.get('t3', s.load('x'))).toBe('member-2');

    const bus = memoryBus();
    const terms = readCache<'terms', string>({ max: 1, ttlMs: 60_000, enabled: true });
    await terms.get('terms', s.load('v1'));
    const stop = await followChanges(bus, { 'trade.terms': terms });
    await bus.publish('kabuto:cache', JSON.stringify({ cache: 'trade.saleRules' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(await terms.get('terms', s.load('v2'))).toBe('v1'); // another cache's change
    await bus.publish('kabuto:cache', JSON.stringify({ cache: 'trade.terms' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(await terms.get('terms', s.load('v2'))).toBe('v2');
    await stop();
    await bus.close();
  });

  it('forgets an entry after its time to live (the bound should the bus lose a message)', async () => {
    const s = source();
    const c = readCache<'k', string>({ max: 10, ttlMs: 20, enabled: true });
    await c.get('k', s.load('a'));
    await new Promise((r) => setTimeout(r, 40));
    expect(await c.get('k', s.load('b'))).toBe('b');
  });
});
