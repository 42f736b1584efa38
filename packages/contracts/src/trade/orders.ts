import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { pageFields } from '../fields.ts';
import { namesSchema, symbolField } from '../market/fields.ts';
import { timelineEntrySchema } from '../funds/records.ts';

// Issue 18: the order ticket, positions from pending to closed, and the ledger entries behind each.
/**
 * Issue 26 (`domain/market/order-window`): when an order placed now meets the market. `open`: now. `preOpen`: it waits
 * for the opening auction at `opensAt` (08:00–09:00, or the lunch break for the afternoon's). `afterHours`: it is for
 * the session of `sessionDay`. Outside `open` only limit orders are taken, within the limits of the session they are
 * for (`newDay`: that session opens a new trading day, its limits are from the last price).
 */
export const orderWindowSchema = z.object({
  kind: z.enum(['open', 'preOpen', 'afterHours']),
  opensAt: z.string().nullable(),
  sessionDay: z.string().nullable(),
  newDay: z.boolean(),
});
export type OrderWindowWire = z.infer<typeof orderWindowSchema>;

export const tradeSides = ['long', 'short'] as const;
export const orderTypes = ['market', 'limit'] as const;
export const positionStatuses = ['pending', 'holding', 'closing', 'closed', 'cancelled'] as const;
export const closeReasons = ['member', 'stopLoss', 'takeProfit', 'marginCall', 'delisted', 'daytradeCutOff'] as const;
export const saleRuleNames = ['lockUp', 'sameDay', 'tPlusOne', 'minHolding'] as const;
/**
 * Where a position came from (issue 24): an ordinary order, an IPO allocation, a block (off-session) deal, a day-trade,
 * or a copy of another member's trade. Stored on the row (migration 017).
 */
export const positionOrigins = ['order', 'ipo', 'block', 'daytrade', 'copy'] as const;
export type PositionOrigin = (typeof positionOrigins)[number];
/** SPEC §2 position tabs: placing (pending), in progress (holding, closing), terminated (closed, cancelled). */
// SPEC §2's tabs built so far: placing, in progress, terminated, auction (IPO allotments) and competition (approved
// block trades), issue 25.
// Issue 26: follow (SPEC §2 "follow orders"): the positions copy trading mirrored into the member's follows.
export const positionTabs = ['placing', 'holding', 'closed', 'auction', 'competition', 'follow'] as const;
export type PositionTab = (typeof positionTabs)[number];

const priceField = (error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error });

/** SPEC §5: shares in units of 100 (the ticket may enter lots; it sends shares). */
export const quantityField = z
  .string({ error: errorKeys.trade.quantityUnit })
  .trim()
  .regex(/^\d{1,9}$/, { error: errorKeys.trade.quantityUnit });

export const orderRequestSchema = z.object({
  symbol: symbolField,
  side: z.enum(tradeSides, { error: errorKeys.request.invalid }),
  type: z.enum(orderTypes, { error: errorKeys.request.invalid }),
  quantity: quantityField,
  leverage: z.number({ error: errorKeys.trade.leverageNotAllowed }).int({ error: errorKeys.trade.leverageNotAllowed }),
  price: priceField(errorKeys.trade.priceOffGrid).nullish(),
  stopLoss: priceField(errorKeys.trade.stopLossSide).nullish(),
  takeProfit: priceField(errorKeys.trade.takeProfitSide).nullish(),
  /** Issue 26: a day trade against the member's quota (origin 'daytrade', closed at the day's cut-off). */
  dayTrade: z.boolean({ error: errorKeys.request.invalid }).optional(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

export const ticketSchema = z.object({
  symbol: z.string(),
  names: namesSchema,
  side: z.enum(tradeSides),
  type: z.enum(orderTypes),
  /** The price the figures are worked at: the limit price, or the ask (long) / bid (short) now. */
  price: z.string(),
  quantity: z.string(),
  lots: z.string(),
  leverage: z.number().int(),
  leverages: z.array(z.number().int()),
  bid: z.string(),
  ask: z.string(),
  limitUp: z.string(),
  limitDown: z.string(),
  tickSize: z.string(),
  notional: z.string(),
  margin: z.string(),
  purchaseFee: z.string(),
  /** Estimated if closed at the same price. */
  sellingFee: z.string(),
  stampDuty: z.string(),
  breakEven: z.string(),
  borrowed: z.string(),
  dailyFinancing: z.string(),
  /** The published annual rate for this side (financing for a long, stock lending for a short). */
  annualRate: z.string(),
  marginCallPrice: z.string(),
  maintenanceRatio: z.string(),
  cost: z.string(),
  available: z.string(),
  availableAfter: z.string(),
  saleRules: z.array(z.enum(saleRuleNames)),
  /** Whether orders deal now (the session profile's phase); when false a limit order is queued (issue 26). */
  tradingOpen: z.boolean(),
  /**
   * Issue 26: when the order meets the market. `open`: now. `preOpen`: it waits for the opening auction at `opensAt`
   * (08:00–09:00, or the lunch break for the afternoon's). `afterHours`: it is for the session of `sessionDay`. Outside
   * `open` only limit orders are taken, within the limits of the session they are for.
   */
  window: orderWindowSchema,
});
export type TicketWire = z.infer<typeof ticketSchema>;

/** The fee terms a position opened on (fractions of the notional, decimal strings), kept for its whole life. */
export const feeTermsSchema = z.object({
  purchaseRate: z.string(),
  sellingRate: z.string(),
  stampDutyRate: z.string(),
  minimumFee: z.string(),
});

/**
 * A holding position closed now at the price the close would use (bid for a long, ask for a short), by the domain's
 * `closeEstimate`: the same rules the close charges and settles with.
 */
export const closeEstimateSchema = z.object({
  price: z.string(),
  /** On price alone. */
  grossPnl: z.string(),
  /** The selling fee of a long, the buy-back fee of a short. */
  sellingFee: z.string(),
  stampDuty: z.string(),
  /** Every charge of the position once closed: purchase fee, financing paid, selling fee, stamp duty. */
  charges: z.string(),
  /** `charges` less the selling fee. */
  otherCharges: z.string(),
  /** grossPnl − every charge (the closed position's `netPnl` if the close deals at `price`). */
  netResult: z.string(),
  /**
   * What returns to available funds: margin + added margin + grossPnl − selling fee − stamp duty (negative: taken from
   * them). The server assumes available funds cover `lossBeyondMargin`; what they cannot the house bears.
   */
  toAvailable: z.string(),
  /** A loss beyond the margin and added margin, taken from available funds. */
  lossBeyondMargin: z.string(),
});
export type CloseEstimateWire = z.infer<typeof closeEstimateSchema>;

export const positionSchema = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  names: namesSchema,
  side: z.enum(tradeSides),
  type: z.enum(orderTypes),
  status: z.enum(positionStatuses),
  quantity: z.string(),
  lots: z.string(),
  leverage: z.number().int(),
  limitPrice: z.string().nullable(),
  stopLoss: z.string().nullable(),
  takeProfit: z.string().nullable(),
  /** What a pending order holds in `frozen` (margin and purchase fee at its limit price). */
  held: z.string(),
  openPrice: z.string().nullable(),
  openedAt: z.string().nullable(),
  closePrice: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(closeReasons).nullable(),
  margin: z.string(),
  addedMargin: z.string(),
  purchaseFee: z.string(),
  sellingFee: z.string(),
  stampDuty: z.string(),
  financing: z.string(),
  /** Holding: the price it would close at now; closed: the close price. */
  marketPrice: z.string().nullable(),
  marketValue: z.string().nullable(),
  /** Holding: unrealised; closed: realised — both on price alone. */
  pnl: z.string().nullable(),
  pnlPercent: z.string().nullable(),
  /** P&L after every fee, duty and financing charge. */
  netPnl: z.string().nullable(),
  marginCallPrice: z.string().nullable(),
  /** The maintenance ratio the position opened on (its margin-call price follows from it). */
  maintenanceRatio: z.string(),
  saleRules: z.array(z.enum(saleRuleNames)),
  createdAt: z.string(),
  origin: z.enum(positionOrigins),
  feeTerms: feeTermsSchema,
  /** Holding with a price known: what closing now would charge and return; otherwise null. */
  closeEstimate: closeEstimateSchema.nullable(),
});
export type PositionWire = z.infer<typeof positionSchema>;

export const tradePreviewCall = defineCall({
  policy: memberCall,
  path: 'trade/preview',
  summary:
    'The order ticket’s figures before confirmation: notional, margin, fees, break-even, financing, available after (nothing stored)',
  request: orderRequestSchema,
  response: ticketSchema,
});

export const tradePlaceCall = defineCall({
  policy: memberCall,
  path: 'trade/place',
  summary:
    'Place an order (Idempotency-Key): a market order fills at the ask or bid; a limit order rests with its margin and fee frozen',
  request: orderRequestSchema,
  response: positionSchema,
});

const orderNoField = z
  .string({ error: errorKeys.order.notExist })
  .trim()
  .min(1, { error: errorKeys.order.notExist })
  .max(40, { error: errorKeys.order.notExist });

export const tradeCancelCall = defineCall({
  policy: memberCall,
  path: 'trade/cancel',
  summary: 'Cancel a pending order; its hold returns to available',
  request: z.object({ orderNo: orderNoField }),
  response: positionSchema,
});

export const tradeCloseCall = defineCall({
  policy: memberCall,
  path: 'trade/close',
  summary: 'Close a holding position at the bid (long) or ask (short); margin, P&L and fees settle in one entry',
  request: z.object({ orderNo: orderNoField }),
  response: positionSchema,
});

export const tradeAddMarginCall = defineCall({
  policy: memberCall,
  path: 'trade/addMargin',
  summary: 'Add margin to a holding position (a positive whole number of yen, SPEC §5)',
  request: z.object({
    orderNo: orderNoField,
    amount: z
      .string({ error: errorKeys.trade.marginAmount })
      .trim()
      .regex(/^[1-9]\d{0,11}$/, { error: errorKeys.trade.marginAmount }),
  }),
  response: positionSchema,
});

export const tradeListCall = defineCall({
  policy: memberCall,
  path: 'trade/list',
  summary: 'The member’s orders and positions by tab (placing, holding, closed), newest first, with live P&L',
  request: z.object({
    tab: z.enum(positionTabs, { error: errorKeys.request.invalid }),
    /** Only positions of this origin (IPO, block, day-trade, copy tabs); all when left out. */
    origin: z.enum(positionOrigins, { error: errorKeys.request.invalid }).nullish(),
    ...pageFields,
  }),
  response: z.object({ items: z.array(positionSchema), total: z.number().int() }),
});

export const tradeDetailCall = defineCall({
  policy: memberCall,
  path: 'trade/detail',
  summary: 'One order or position with every fee and time, and the ledger entries behind it',
  request: z.object({ orderNo: orderNoField }),
  response: positionSchema.extend({ entries: z.array(timelineEntrySchema) }),
});

/**
 * Issue 26 "Pre-market and after-hours": the book before the open for a few stocks — each one's base price, the limits
 * of the session orders are for, the members' queued limit orders (totals by side, nobody's own) and the indicative
 * opening price by the itayose rule over those orders and the quoted depth (`domain/market/order-window`).
 */
export const tradePreOpenCall = defineCall({
  policy: memberCall,
  path: 'trade/preOpen',
  summary:
    'Pre-market and after-hours: the order window, and per stock the queued orders and the indicative opening price',
  /** Left out: the stocks of the member's own queued orders, then the day's most traded, twelve at most. */
  request: z.object({ symbols: z.array(symbolField).min(1).max(30).optional() }),
  response: z.object({
    profile: z.enum(['demo', 'tse']),
    window: orderWindowSchema,
    items: z.array(
      z.object({
        symbol: z.string(),
        names: namesSchema,
        last: z.string(),
        prevClose: z.string(),
        change: z.string(),
        changePercent: z.string(),
        status: z.string(),
        limitUp: z.string(),
        limitDown: z.string(),
        queuedBuy: z.string(),
        queuedSell: z.string(),
        indicative: z.string().nullable(),
        indicativeShares: z.string(),
      }),
    ),
  }),
});
