import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDraw, commitmentOf, draw, drawKeyOf, type LotteryEntry } from './lottery.ts';

const secret = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const entries = (n: number, shares = '100'): LotteryEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `E${String(i + 1).padStart(4, '0')}`, shares }));

describe('the IPO lottery (issue 25: commit-reveal, recomputable)', () => {
  it('commits with SHA-256 of the secret’s bytes and keys entries with HMAC-SHA256, as other tools compute them', async () => {
    // Known answers computed apart, with Python 3's hashlib.sha256(bytes.fromhex(secret)) and
    // hmac.new(bytes.fromhex(secret), b'E0001', hashlib.sha256), on 2026-11-27.
    expect(await commitmentOf(secret)).toBe('4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef');
    expect(await drawKeyOf(secret, 'E0001')).toBe('cd4677153d83dda469faed349df2bd9b196980e2c702b459baca1d3f86a4481a');
  });

  it('orders the entries by their keys and gives one unit each in that order until the offer runs out', async () => {
    const list = entries(10, '300');
    const d = await draw(secret, list, '500');
    const keys = await Promise.all(list.map(async (e) => ({ id: e.id, key: await drawKeyOf(secret, e.id) })));
    const expectedOrder = keys.sort((a, b) => (a.key < b.key ? -1 : 1)).map((k) => k.id);
    expect(d.order.map((e) => e.id)).toEqual(expectedOrder);
    // Five units for ten entries: the first five in the order win 100 shares each, whatever they asked for.
    expect(d.order.map((e) => e.won)).toEqual(['100', '100', '100', '100', '100', '0', '0', '0', '0', '0']);
    expect([d.allocated, d.winners]).toEqual(['500', 5]);
  });

  it('gives further rounds in the same order when the offer is larger than the entries, never beyond what each asked', async () => {
    const list = [
      { id: 'A', shares: '100' },
      { id: 'B', shares: '500' },
      { id: 'C', shares: '200' },
    ];
    const d = await draw(secret, list, '600');
    const won = Object.fromEntries(d.order.map((e) => [e.id, e.won]));
    // Round 1: everyone 100 (300 given); round 2: B and C (500); round 3: B only (600).
    expect(won).toEqual({ A: '100', B: '300', C: '200' });
    const all = await draw(secret, list, '10000');
    expect(all.allocated).toBe('800'); // everyone gets all they asked; the rest stays unallocated
  });

  it('never gives more than is on offer, nor more than asked, and equal chances in the first round', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 60 }),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        async (asks, offer, s) => {
          const list = asks.map((units, i) => ({ id: `E${i}`, shares: String(units * 100) }));
          const d = await draw(s, list, String(offer * 100));
          const total = d.order.reduce((sum, e) => sum + Number(e.won), 0);
          expect(total).toBe(
            Math.min(
              offer,
              asks.reduce((a, b) => a + b, 0),
            ) * 100,
          );
          for (const e of d.order)
            expect(Number(e.won)).toBeLessThanOrEqual(Number(list.find((x) => x.id === e.id)?.shares));
          // No entry has a second unit while another entry that asked has none.
          const second = d.order.some((e) => Number(e.won) >= 200);
          if (second) expect(d.order.every((e) => Number(e.won) >= 100)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('checks a published draw: matches; a secret that is not the committed one; exactly which results differ', async () => {
    const list = entries(6);
    const commitment = await commitmentOf(secret);
    const d = await draw(secret, list, '300');
    const result = d.order.map((e) => ({ id: e.id, won: e.won }));
    expect((await checkDraw({ commitment, secret, entries: list, sharesOnOffer: '300', result })).ok).toBe(true);

    const other = 'ff'.repeat(32);
    const swapped = await checkDraw({ commitment, secret: other, entries: list, sharesOnOffer: '300', result });
    expect(swapped).toMatchObject({ ok: false, failed: 'commitment', expected: commitment });

    // The operator moves a win from the first winner to a loser: both entries are named.
    const loser = d.order.find((e) => e.won === '0')?.id as string;
    const winner = d.order[0]?.id as string;
    const moved = result.map((r) => (r.id === winner ? { ...r, won: '0' } : r.id === loser ? { ...r, won: '100' } : r));
    const check = await checkDraw({ commitment, secret, entries: list, sharesOnOffer: '300', result: moved });
    expect(check).toEqual({
      ok: false,
      failed: 'result',
      differences: expect.arrayContaining([
        { id: winner, recomputed: '100', published: '0' },
        { id: loser, recomputed: '0', published: '100' },
      ]),
    });
  });

  it('refuses what cannot be drawn: a bad secret, shares not in whole units, an entry twice', async () => {
    await expect(draw('xyz', entries(1), '100')).rejects.toThrow(/hex/);
    await expect(draw(secret, [{ id: 'A', shares: '150' }], '100')).rejects.toThrow(/units/);
    await expect(
      draw(
        secret,
        [
          { id: 'A', shares: '100' },
          { id: 'A', shares: '100' },
        ],
        '100',
      ),
    ).rejects.toThrow(/twice/);
  });
});
