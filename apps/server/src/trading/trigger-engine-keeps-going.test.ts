import { expect, it } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { describeEachDatabase } from '../test/harness.ts';
import { fundedMember, order, place } from './trade-fixtures.ts';
import { triggerEngine, type EngineMarket } from './trigger-engine.ts';

type Listener<A extends unknown[]> = (...args: A) => void;

/**
 * Issue 24 §1: one failed task must not stop the engine's queue. A database error while the engine loads a delisted
 * stock's positions used to reject the shared promise chain: every later write was skipped (the engine silently
 * stopped filling) or the unhandled rejection ended the process.
 */
describeEachDatabase('the trigger engine after a failed task (issue 24 §1)', (h) => {
  it('a read that fails while closing a delisted stock is logged, and the next limit order still fills', async () => {
    await h().platform.triggers.close();
    const real = h().platform.market.snapshot;
    const m = await fundedMember(h());
    const limit = real.touch('7203')?.quote.limitDown as string;
    const pending = await place(h(), m, order({ type: 'limit', price: limit }));
    expect(pending.data.status).toBe('pending');

    // The market as the engine sees it: real quotes, except 7203's ask when the test lowers it, and ticks and status
    // changes sent by the test.
    let askOverride: string | null = null;
    const tickListeners = new Set<Listener<[readonly { company: { code: string } }[]]>>();
    const statusListeners = new Set<Listener<[string, string]>>();
    const market = {
      get: (symbol: string) => real.get(symbol),
      touch: (symbol: string) => {
        const t = real.touch(symbol);
        return t && symbol === '7203' && askOverride !== null ? { ...t, ask: askOverride } : t;
      },
      onTicks: (l: Listener<[readonly { company: { code: string } }[]]>) => {
        tickListeners.add(l);
        return () => void tickListeners.delete(l);
      },
      onStatus: (l: Listener<[string, string]>) => {
        statusListeners.add(l);
        return () => void statusListeners.delete(l);
      },
    } as unknown as EngineMarket;

    // The database fails the engine's first read of a delisted stock's positions, once.
    let failures = 0;
    const db: Database = new Proxy(h().db, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return (sql: string, args?: unknown[]) => {
          if (failures === 0 && sql.includes('symbol = $1 AND status IN')) {
            failures++;
            return Promise.reject(new Error('connection reset (test)'));
          }
          return target.query(sql, args as never);
        };
      },
    });
    const logged: string[] = [];
    const engine = triggerEngine({
      db,
      clock: h().clock,
      bus: h().platform.bus,
      leader: h().platform.leader,
      market,
      log: (msg) => logged.push(msg),
    });
    await engine.attach();
    for (let i = 0; i < 500 && !engine.index.has(pending.data.orderNo); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(engine.index.has(pending.data.orderNo)).toBe(true);

    for (const l of statusListeners) l('6758', 'delisted');
    await engine.settled();
    expect(failures).toBe(1);
    expect(logged).toContain('trading: closing a delisted stock failed');

    askOverride = limit;
    for (const l of tickListeners) l([{ company: { code: '7203' } }]);
    await engine.settled();
    await engine.close();
    expect(engine.fills()).toBe(1);
    const [row] = await h().db.query<{ status: string }>(`SELECT status FROM trade_positions WHERE order_no = $1`, [
      pending.data.orderNo,
    ]);
    expect(row?.status).toBe('holding');
  });
});
