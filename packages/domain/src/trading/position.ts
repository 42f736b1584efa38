// DESIGN "Market and trading model": the broker is the counterparty; a position is long or short, opened at market
// or by a resting limit order, with leverage.
export const tradeSides = ['long', 'short'] as const;
export type TradeSide = (typeof tradeSides)[number];
export const orderTypes = ['market', 'limit'] as const;
export type OrderType = (typeof orderTypes)[number];

/** SPEC §4: pending order, holding, preparing to close, closed (sold), cancelled. */
export const positionStatuses = ['pending', 'holding', 'closing', 'closed', 'cancelled'] as const;
export type PositionStatus = (typeof positionStatuses)[number];

/**
 * Why a position was closed: the member, one of its levels, a margin call, its stock leaving the market, or the day's
 * cut-off of a day trade (issue 26).
 */
export const closeReasons = ['member', 'stopLoss', 'takeProfit', 'marginCall', 'delisted', 'daytradeCutOff'] as const;
export type CloseReason = (typeof closeReasons)[number];

/** The best bid and ask a member can deal at now (the top of the depth ladder). */
export interface Touch {
  readonly bid: string;
  readonly ask: string;
}
