import { Decimal } from '../money.ts';
import { currencyDecimals, type Currency } from '../currency.ts';

/** Rounding point "fx": the amount received is cut down to the target currency's minor unit. */
export const receivedAmount = (amount: Decimal, rate: Decimal, to: Currency): Decimal =>
  amount.times(rate).toDecimalPlaces(currencyDecimals[to], Decimal.ROUND_DOWN);
