import { reconcile } from '@kabuto/db/ledger';
import type { PositionWire, TicketWire } from '@kabuto/contracts/trade/orders';
import { fund } from '../test/money-fixtures.ts';
import type { Answer, Harness } from '../test/harness.ts';

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
