import { errorKeys } from '@kabuto/contracts/errors';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';
import { Decimal, money, tryMoney } from '@kabuto/domain/money';
import { marginCallPrice } from '@kabuto/domain/trading/margin';
import type { Position } from '../api/trade.api.ts';
import { inputKeys } from './ticket-input.ts';

/** SPEC §5: added margin is a positive whole number of yen (the server's own pattern). */
const wholeYen = /^[1-9]\d{0,11}$/;

/** Why an amount is refused, as a message key and what it names. */
export interface MarginAmountProblem {
  key: string;
  available?: string;
}

export type MarginAmountCheck =
  { amount: string; problem: null } | { amount: null; problem: MarginAmountProblem | null };

/**
 * The amount typed in "Add margin", read exactly ("１０，０００" → 10000; "10,000.50" refused, never ¥1,000,050) and
 * checked against the member's available funds before anything is sent. Nothing typed is no amount and no problem.
 */
export function checkMarginAmount(text: string, available: string | null): MarginAmountCheck {
  const read = readDecimalInput(text, { maxDecimals: 0 });
  if ('problem' in read)
    return {
      amount: null,
      problem: { key: read.problem === 'unreadable' ? inputKeys.unreadable : inputKeys.wholeYen },
    };
  if (read.ok === '') return { amount: null, problem: null };
  if (!wholeYen.test(read.ok)) return { amount: null, problem: { key: errorKeys.trade.marginAmount } };
  const funds = tryMoney(available);
  if (available !== null && funds !== null && money(read.ok).gt(funds))
    return { amount: null, problem: { key: 'trade.addMargin.overAvailable', available } };
  return { amount: read.ok, problem: null };
}

/**
 * The margin-call price the position would have once `amount` is added (the domain rule, to the sen as the server
 * shows it), at the maintenance ratio the position opened on; null for an order that has not opened.
 */
export function callPriceAfterAdding(
  p: Pick<Position, 'side' | 'openPrice' | 'quantity' | 'margin' | 'addedMargin'> & {
    maintenanceRatio: string;
  },
  amount: string,
): string | null {
  if (p.openPrice === null) return null;
  return marginCallPrice({
    side: p.side,
    entry: p.openPrice,
    shares: p.quantity,
    margin: p.margin,
    addedMargin: money(p.addedMargin).plus(money(amount)).toFixed(),
    maintenanceRatio: p.maintenanceRatio,
  })
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}
