import { reconcile } from '@kabuto/db/ledger';
import type { PositionWire, TicketWire } from '@kabuto/contracts/trade/orders';
import { fund } from '../test/money-fixtures.ts';
import type { Answer, Harness } from '../test/harness.ts';
import type { TriggerEngine } from './trigger-engine.ts';

export type Member = { account: string; headers: Record<string, string> };

/** A member with `amount` yen deposited and approved through the ledger. */
export async function fundedMember(h: Harness, amount = '900000'): Promise<Member> {
  const m = await h.member();
  await fund(h, m, amount, await h.signIn(h.seed.staffAccount, h.seed.staffPassword));
  return m;
}

export const order = (over: Partial<Record<string, unknown>> = {}) => ({
  symbol: '7203',
  side: 'long',
  type: 'market',
  quantity: '100',
  leverage: 1,
  ...over,
});

export const place = (h: Harness, m: Member, body: object, key?: string): Promise<Answer<PositionWire>> =>
  h.call<PositionWire>('trade/place', body, key ? { ...m.headers, 'idempotency-key': key } : m.headers);

export const preview = (h: Harness, m: Member, body: object): Promise<Answer<TicketWire>> =>
  h.call<TicketWire>('trade/preview', body, m.headers);

export async function books(h: Harness, m: Member): Promise<{ available: string; frozen: string; margin: string }> {
  const res = await h.call<{ balances: { currency: string; available: string; frozen: string; margin: string }[] }>(
    'user/assets',
    {},
    m.headers,
  );
  const b = res.data.balances.find((x) => x.currency === 'JPY');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0', margin: b?.margin ?? '0' };
}

export async function expectReconciled(h: Harness): Promise<void> {
  const report = await reconcile(h.db);
  if (!report.ok) throw new Error(`ledger does not reconcile: ${JSON.stringify(report)}`);
}

export async function positionCount(h: Harness): Promise<number> {
  const [row] = await h.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM trade_positions`);
  return Number(row?.n ?? 0);
}

/**
 * A recording of 7203's trades for the replay feed, one a line: trade `i` at `atMs(i)` recorded milliseconds after
 * 2026-11-20 10:00 JST (at the replay's speed of 1,000, a thousandth of that in real time).
 */
export function recordingOf(prices: readonly string[], atMs: (i: number) => number): string {
  return prices
    .map((price, i) =>
      JSON.stringify({
        symbol: '7203',
        price,
        volume: 100,
        at: new Date(Date.UTC(2026, 10, 20, 1) + atMs(i)).toISOString(),
      }),
    )
    .join('\n');
}

/**
 * Steps the replay until the 7203 trade at `until` was published, letting the engines write after each step (a step may
 * carry several trades: the replay runs on its own timers). Answers every price seen.
 */
export async function tradesUntil(h: Harness, engines: readonly TriggerEngine[], until: string): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !seen.includes(until)) {
    await new Promise((r) => setTimeout(r, 5));
    const m = await h.platform.market.feed.step();
    if (m?.kind === 'ticks' && m.ticks.length > 0) {
      await h.platform.market.snapshot.applied(m.step);
      for (const e of engines) await e.settled();
      seen.push(...m.ticks.map((t) => t.last));
    }
  }
  return seen;
}
