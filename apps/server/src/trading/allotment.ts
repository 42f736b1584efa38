import type { Sql } from '@kabuto/db/database';
import type { Decimal } from '@kabuto/domain/money';
import { toWire } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import type { PositionOrigin } from './position-row.ts';
import { orderNumberStem, orderSerialSql } from '../funds/public.ts';
import { currentTerms } from './trading-terms.ts';
import { announce } from './position-moves.ts';
import { positionColumns, type PositionRow } from './position-row.ts';

/**
 * Issue 25: shares allotted outside the order book — an IPO win paid for, later an approved block trade — become a
 * holding long position at the allotment price, unlevered (its margin is the whole price, paid by the caller's ledger
 * lines into `margin`), no purchase fee, on the trading terms in force, under its origin's tab. The trading module owns
 * `trade_positions`: other products open their positions through this one door, in their own transaction.
 */
export async function openAllotment(
  tx: Sql,
  a: {
    memberId: string;
    symbol: string;
    shares: string;
    price: string;
    margin: Decimal;
    origin: Extract<PositionOrigin, 'ipo' | 'block'>;
    /** The position's own lock-up (a block trade's); an IPO's sale is locked by its stock's rule instead. */
    lockedUntil?: Date | null;
    profile: SessionProfile;
    at: Date;
  },
): Promise<PositionRow> {
  const { terms } = await currentTerms(tx, a.profile);
  const [row] = await tx.query<PositionRow>(
    `INSERT INTO trade_positions (order_no, member_id, symbol, side, order_type, status, quantity, leverage, held,
       open_price, opened_at, margin, purchase_fee, maintenance_ratio, fee_terms, financing_rate, created_at, origin,
       locked_until)
     VALUES ($1::text || ${orderSerialSql}, $2, $3, 'long', 'market', 'holding', $4, 1, 0, $5, $6, $7, 0, $8, $9, $10, $6, $11,
       $12)
     RETURNING ${positionColumns}`,
    [
      orderNumberStem(a.origin === 'ipo' ? 'I' : 'B', a.at),
      a.memberId,
      a.symbol,
      a.shares,
      a.price,
      a.at,
      toWire(a.margin),
      terms.maintenanceRatio,
      JSON.stringify(terms.fees),
      terms.rates.longAnnualRate,
      a.origin,
      a.lockedUntil ?? null,
    ],
  );
  if (!row) throw new Error('allotment: no position written');
  await announce(tx, row, 'holding', null, a.at);
  return row;
}

/**
 * Sale of a stock is locked until `until` (an IPO: its listing, or the end of its lock-up): the per-stock sale rule
 * every close checks (SPEC §8 "lock-up period"), written with the product that sets it, by the staff member who did.
 */
export async function lockSaleUntil(
  tx: Sql,
  s: { symbol: string; until: Date; staffId: string; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO trade_product_rules (symbol, lock_up_until, changed_by, changed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (symbol) DO UPDATE SET lock_up_until = EXCLUDED.lock_up_until, changed_by = EXCLUDED.changed_by,
       changed_at = EXCLUDED.changed_at`,
    [s.symbol, s.until, s.staffId, s.at],
  );
}
