import { Decimal, money } from '../money.ts';
import { isOnTickGrid, type TickTable } from '../market/tick-size.ts';

// Issue 27 "Price alerts": a member's alert on a stock — the last price crosses above or below a price, or the day's
// change from the previous close reaches ±x %. One rule for the sheet and the server.

export const alertKinds = ['above', 'below', 'move'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Refusals of a new alert, named for the catalogue (`errors.alerts.*`). */
export type AlertRefusal = 'kindInvalid' | 'priceInvalid' | 'priceOffGrid' | 'percentInvalid';

/** A price as typed or sent: plain decimal digits (no sign, exponent, spaces or text), at most 4 decimals. */
const plainPrice = /^\d{1,12}(\.\d{1,4})?$/;
/** A percent: plain digits with at most 2 decimals. */
const plainPercent = /^\d{1,3}(\.\d{1,2})?$/;

/** The widest move an alert may wait for: TSE daily limits never let a stock move this far in a day. */
export const maxAlertPercent = '99.99';

export type AlertRequest =
  { readonly kind: 'above' | 'below'; readonly price: string } | { readonly kind: 'move'; readonly percent: string };

/** Checks a new alert against the stock's tick table: a price on the grid, or a percent above 0 and below 100. */
export function checkAlert(
  req: { kind: string; price?: string | null | undefined; percent?: string | null | undefined },
  table: TickTable,
): { ok: AlertRequest } | { refused: AlertRefusal } {
  if (req.kind === 'above' || req.kind === 'below') {
    const text = req.price ?? '';
    if (!plainPrice.test(text)) return { refused: 'priceInvalid' };
    const price = money(text);
    if (price.lte(0)) return { refused: 'priceInvalid' };
    if (!isOnTickGrid(price, table)) return { refused: 'priceOffGrid' };
    return { ok: { kind: req.kind, price: price.toFixed() } };
  }
  if (req.kind === 'move') {
    const text = req.percent ?? '';
    if (!plainPercent.test(text)) return { refused: 'percentInvalid' };
    const percent = money(text);
    if (percent.lte(0) || percent.gt(maxAlertPercent)) return { refused: 'percentInvalid' };
    return { ok: { kind: 'move', percent: percent.toFixed() } };
  }
  return { refused: 'kindInvalid' };
}

/** The day's change from the previous close in percent (unrounded; 0 when there is no previous close). */
export function dayChangePercent(last: string, prevClose: string): Decimal {
  const base = money(prevClose);
  if (base.lte(0)) return new Decimal(0);
  return money(last).minus(base).div(base).times(100);
}

export interface AlertState {
  readonly kind: AlertKind;
  readonly price: string | null;
  readonly percent: string | null;
}

/** Whether an alert fires at this price: at or beyond its level (a crossing seen tick by tick). */
export function alertFires(a: AlertState, quote: { last: string; prevClose: string }): boolean {
  if (a.kind === 'above') return a.price !== null && money(quote.last).gte(a.price);
  if (a.kind === 'below') return a.price !== null && money(quote.last).lte(a.price);
  return a.percent !== null && dayChangePercent(quote.last, quote.prevClose).abs().gte(a.percent);
}
