import type { Sql } from '@kabuto/db/database';
import { Decimal, money, toWire } from '@kabuto/domain/money';
import { closeEstimate } from '@kabuto/domain/trading/close-estimate';
import { marginCallPrice, marginWarningPrice, notionalOf, pnlAt, pnlPercentOf } from '@kabuto/domain/trading/margin';
import { lotsOf } from '@kabuto/domain/trading/quantity';
import {
  activeSaleRules,
  positionSaleRules,
  saleRulesInForce,
  type SaleRules,
} from '@kabuto/domain/trading/sale-rules';
import type { CloseReason, OrderType, PositionStatus, TradeSide } from '@kabuto/domain/trading/position';
import type { FeeSchedule } from '@kabuto/domain/trading/fees';
import type { CloseEstimateWire, PositionOrigin, PositionWire } from '@kabuto/contracts/trade/orders';
import type { namesSchema } from '@kabuto/contracts/market/fields';
import type { z } from 'zod';

/** Where a position came from: an ordinary order, an IPO allocation, a block deal, a day-trade or a copy (migration 017). */
export type { PositionOrigin };

/** A `trade_positions` row with every amount as text (never a JS number). */
export interface PositionRow {
  id: string;
  order_no: string;
  member_id: string;
  symbol: string;
  side: TradeSide;
  order_type: OrderType;
  status: PositionStatus;
  quantity: string;
  leverage: number;
  limit_price: string | null;
  stop_loss: string | null;
  take_profit: string | null;
  held: string;
  open_price: string | null;
  opened_at: Date | null;
  close_price: string | null;
  closed_at: Date | null;
  close_reason: CloseReason | null;
  margin: string;
  added_margin: string;
  purchase_fee: string;
  selling_fee: string;
  stamp_duty: string;
  financing: string;
  realised_pnl: string | null;
  maintenance_ratio: string;
  fee_terms: FeeSchedule;
  financing_rate: string;
  origin: PositionOrigin;
  created_at: Date;
  /** The position's own lock-up (an approved block trade's), on top of its stock's sale rule. */
  locked_until: Date | null;
  /** Issue 27: when the member was warned it nears its margin call (cleared when margin is added). */
  margin_warned_at: Date | null;
}

export const positionColumns = `id, order_no, member_id, symbol, side, order_type, status, quantity::text AS quantity, leverage,
  limit_price::text AS limit_price, stop_loss::text AS stop_loss, take_profit::text AS take_profit, held::text AS held,
  open_price::text AS open_price, opened_at, close_price::text AS close_price, closed_at, close_reason,
  margin::text AS margin, added_margin::text AS added_margin, purchase_fee::text AS purchase_fee,
  selling_fee::text AS selling_fee, stamp_duty::text AS stamp_duty, financing::text AS financing,
  realised_pnl::text AS realised_pnl, maintenance_ratio::text AS maintenance_ratio, fee_terms,
  financing_rate::text AS financing_rate, origin, created_at, locked_until, margin_warned_at`;

/** The row, locked for this transaction (every change of a position goes through this). */
export async function lockPosition(
  tx: Sql,
  where: { orderNo: string; memberId?: string },
): Promise<PositionRow | null> {
  const [row] = await tx.query<PositionRow>(
    `SELECT ${positionColumns} FROM trade_positions WHERE order_no = $1 AND ($2::uuid IS NULL OR member_id = $2) FOR UPDATE`,
    [where.orderNo, where.memberId ?? null],
  );
  return row ?? null;
}

/** A member's order placed with this client key (Idempotency-Key), if any. */
export async function positionByClientKey(sql: Sql, memberId: string, clientKey: string): Promise<PositionRow | null> {
  const [row] = await sql.query<PositionRow>(
    `SELECT ${positionColumns} FROM trade_positions WHERE member_id = $1 AND client_key = $2`,
    [memberId, clientKey],
  );
  return row ?? null;
}

const w = (v: string | null): string | null => (v === null ? null : toWire(money(v)));
const wireOrNull = (v: Decimal | null): string | null => (v === null ? null : toWire(v));

/** What the margin call and its warning are computed from (its own maintenance ratio, the one it opened on). */
const marginTermsOf = (r: PositionRow) =>
  r.open_price === null
    ? null
    : {
        side: r.side,
        entry: r.open_price,
        shares: r.quantity,
        margin: r.margin,
        addedMargin: r.added_margin,
        maintenanceRatio: r.maintenance_ratio,
      };

/** The margin-call price of a holding position. */
export const callPriceOf = (r: PositionRow): Decimal | null => {
  const terms = marginTermsOf(r);
  return terms === null ? null : marginCallPrice(terms);
};

/**
 * The price at which a holding position is warned of its margin call (issue 27), on the same terms as the call; null
 * when none applies (a copied position).
 */
export const warningPriceOf = (r: PositionRow): Decimal | null => {
  const terms = marginTermsOf(r);
  return terms === null ? null : marginWarningPrice(terms);
};

/**
 * What closing a holding position at `price` (the side it would close at now) would charge and return, on the fee
 * terms it opened on. The member's available funds are not read here: the estimate assumes they cover a loss beyond
 * the margin (`lossBeyondMargin` says how much that is).
 */
export function closeEstimateOf(r: PositionRow, price: string | null): CloseEstimateWire | null {
  if (r.status !== 'holding' || r.open_price === null || price === null) return null;
  const e = closeEstimate({
    side: r.side,
    openPrice: r.open_price,
    shares: r.quantity,
    margin: r.margin,
    addedMargin: r.added_margin,
    purchaseFee: r.purchase_fee,
    financing: r.financing,
    fees: r.fee_terms,
    price,
    available: null,
  });
  return {
    price: toWire(e.price),
    grossPnl: toWire(e.grossPnl),
    sellingFee: toWire(e.sellingFee),
    stampDuty: toWire(e.stampDuty),
    charges: toWire(e.charges),
    otherCharges: toWire(e.otherCharges),
    netResult: toWire(e.netResult),
    toAvailable: toWire(e.toAvailable),
    lossBeyondMargin: toWire(e.lossBeyondMargin),
  };
}

/**
 * A position as the member reads it. `price` values a holding position (the side it would close at now); a closed
 * one is valued at its close price.
 */
export function positionWire(
  r: PositionRow,
  names: z.infer<typeof namesSchema>,
  rules: SaleRules,
  price: string | null,
  now: Date = new Date(),
): PositionWire {
  const closed = r.status === 'closed';
  const mark = closed ? r.close_price : r.open_price === null ? null : price;
  const pnl = mark !== null && r.open_price !== null ? pnlAt(r.side, r.open_price, mark, r.quantity) : null;
  const charges = money(r.purchase_fee).plus(r.selling_fee).plus(r.stamp_duty).plus(r.financing);
  const callPrice = r.status === 'holding' || r.status === 'closing' ? callPriceOf(r) : null;
  return {
    orderNo: r.order_no,
    symbol: r.symbol,
    names,
    side: r.side,
    type: r.order_type,
    status: r.status,
    quantity: toWire(money(r.quantity)),
    lots: toWire(lotsOf(r.quantity)),
    leverage: r.leverage,
    limitPrice: w(r.limit_price),
    stopLoss: w(r.stop_loss),
    takeProfit: w(r.take_profit),
    held: toWire(money(r.held)),
    openPrice: w(r.open_price),
    openedAt: r.opened_at ? new Date(r.opened_at).toISOString() : null,
    closePrice: w(r.close_price),
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    closeReason: r.close_reason,
    margin: toWire(money(r.margin)),
    addedMargin: toWire(money(r.added_margin)),
    purchaseFee: toWire(money(r.purchase_fee)),
    sellingFee: toWire(money(r.selling_fee)),
    stampDuty: toWire(money(r.stamp_duty)),
    financing: toWire(money(r.financing)),
    marketPrice: mark === null ? null : toWire(money(mark)),
    marketValue: mark === null ? null : toWire(notionalOf(mark, r.quantity)),
    pnl: pnl === null ? null : toWire(pnl),
    pnlPercent: pnl === null ? null : wireOrNull(pnlPercentOf(pnl, r.margin)),
    netPnl: pnl === null ? null : toWire(pnl.minus(charges)),
    marginCallPrice: callPrice === null ? null : toWire(callPrice.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
    maintenanceRatio: toWire(money(r.maintenance_ratio)),
    saleRules: activeSaleRules(
      saleRulesInForce(positionSaleRules(rules, r.locked_until ? new Date(r.locked_until) : null), now),
    ),
    createdAt: new Date(r.created_at).toISOString(),
    origin: r.origin,
    feeTerms: {
      purchaseRate: r.fee_terms.purchaseRate,
      sellingRate: r.fee_terms.sellingRate,
      stampDutyRate: r.fee_terms.stampDutyRate,
      minimumFee: r.fee_terms.minimumFee,
    },
    closeEstimate: closeEstimateOf(r, closed ? null : price),
  };
}
