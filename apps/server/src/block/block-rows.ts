import { toWire, money } from '@kabuto/domain/money';
import { productPhase } from '@kabuto/domain/block/block-trade';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import type { BlockApplication, BlockProduct } from '@kabuto/contracts/block/block-trades';
import type { Allotment } from '@kabuto/contracts/ipo/offerings';
import type { Sql } from '@kabuto/db/database';

/** A product as stored, with its stock's names. */
export interface ProductRow {
  id: string;
  symbol: string;
  name_jp: string;
  name_en: string;
  name_tw: string;
  price: string;
  min_amount: string;
  max_shares: string;
  daily_limit: number;
  opens_at: Date;
  closes_at: Date;
  lock_up_until: Date | null;
  password_hash: string | null;
  seat_only: boolean;
  created_by: string;
  created_at: Date;
  withdrawn_at: Date | null;
  withdraw_reason: string | null;
}

export const productSelect = `SELECT p.id::text AS id, p.symbol, s.name_jp, s.name_en, s.name_tw, p.price::text AS price,
    p.min_amount::text AS min_amount, p.max_shares::text AS max_shares, p.daily_limit, p.opens_at, p.closes_at,
    p.lock_up_until, p.password_hash, p.seat_only, (SELECT account FROM members m WHERE m.id = p.created_by) AS created_by,
    p.created_at, p.withdrawn_at, p.withdraw_reason
  FROM block_products p JOIN market_symbols s ON s.code = p.symbol`;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export const termsOf = (r: ProductRow) => ({
  price: r.price,
  minAmount: r.min_amount,
  maxShares: r.max_shares,
  dailyLimit: r.daily_limit,
  opensAt: new Date(r.opens_at),
  closesAt: new Date(r.closes_at),
  lockUpUntil: r.lock_up_until ? new Date(r.lock_up_until) : null,
  withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at) : null,
  seatOnly: r.seat_only,
});

export function productWire(r: ProductRow, now: Date): BlockProduct {
  return {
    id: r.id,
    code: r.symbol,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    price: toWire(money(r.price)),
    minAmount: toWire(money(r.min_amount)),
    maxShares: r.max_shares,
    opensAt: new Date(r.opens_at).toISOString(),
    closesAt: new Date(r.closes_at).toISOString(),
    lockUpUntil: iso(r.lock_up_until),
    passwordRequired: r.password_hash !== null,
    seatOnly: r.seat_only,
    phase: productPhase(termsOf(r), now),
  };
}

/** An application as stored, with its product's terms and its position's order number. */
export interface ApplicationRow {
  id: string;
  order_no: string;
  product_id: string;
  member_id: string;
  account: string;
  real_name: string | null;
  symbol: string;
  name_jp: string;
  name_en: string;
  name_tw: string;
  price: string;
  min_amount: string;
  shares: string;
  amount: string;
  turnover: string;
  status: ReviewStatus;
  remarks: string;
  lock_up_until: Date | null;
  position_order_no: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export const applicationSelect = `SELECT a.id::text AS id, a.order_no, a.product_id::text AS product_id,
    a.member_id::text AS member_id, m.account, m.real_name, p.symbol, s.name_jp, s.name_en, s.name_tw,
    p.price::text AS price, p.min_amount::text AS min_amount, a.shares::text AS shares, a.amount::text AS amount,
    a.turnover::text AS turnover, a.status, a.remarks, p.lock_up_until,
    (SELECT t.order_no FROM trade_positions t WHERE t.id = a.position_id) AS position_order_no, a.created_at, a.decided_at
  FROM block_applications a JOIN block_products p ON p.id = a.product_id JOIN market_symbols s ON s.code = p.symbol
  JOIN members m ON m.id = a.member_id`;

export function applicationWire(r: ApplicationRow): BlockApplication {
  return {
    id: r.id,
    orderNo: r.order_no,
    productId: r.product_id,
    code: r.symbol,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    price: toWire(money(r.price)),
    minAmount: toWire(money(r.min_amount)),
    shares: r.shares,
    amount: toWire(money(r.amount)),
    turnover: toWire(money(r.turnover)),
    status: r.status,
    remarks: r.remarks,
    lockUpUntil: iso(r.lock_up_until),
    positionOrderNo: r.position_order_no,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: iso(r.decided_at),
  };
}

/** /user/pj: the member's approved block trades as allotments, newest first (the IPO module lists them with its own). */
export async function blockAllotmentsOf(sql: Sql, memberId: string, now: Date): Promise<Allotment[]> {
  const rows = await sql.query<{
    symbol: string;
    name_jp: string;
    name_en: string;
    name_tw: string;
    price: string;
    shares: string;
    amount: string;
    decided_at: Date;
    locked_until: Date | null;
    position_status: string;
    order_no: string;
  }>(
    `SELECT p.symbol, s.name_jp, s.name_en, s.name_tw, p.price::text AS price, a.shares::text AS shares,
            a.turnover::text AS amount, a.decided_at, t.locked_until, t.status AS position_status, t.order_no
       FROM block_applications a JOIN block_products p ON p.id = a.product_id JOIN market_symbols s ON s.code = p.symbol
       JOIN trade_positions t ON t.id = a.position_id
      WHERE a.member_id = $1 AND a.status = 'approved' ORDER BY a.decided_at DESC, a.id`,
    [memberId],
  );
  return rows.map((r) => ({
    source: 'block' as const,
    code: r.symbol,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    price: toWire(money(r.price)),
    shares: r.shares,
    amount: toWire(money(r.amount)),
    allottedAt: new Date(r.decided_at).toISOString(),
    listsAt: null,
    lockedUntil: iso(r.locked_until),
    status:
      r.position_status === 'closed'
        ? ('sold' as const)
        : r.locked_until && now < new Date(r.locked_until)
          ? ('locked' as const)
          : ('sellable' as const),
    positionOrderNo: r.order_no,
  }));
}
