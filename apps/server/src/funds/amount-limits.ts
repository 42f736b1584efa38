import { Decimal } from '@kabuto/domain/money';
import { currencyDecimals, type Currency } from '@kabuto/domain/currency';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { refuse } from '../http/app-error.ts';

/** Parses an amount already shaped by the contract, checking the currency's minor unit. */
export function parseAmount(value: string, currency: Currency): Decimal {
  const amount = new Decimal(value);
  if (amount.decimalPlaces() > currencyDecimals[currency] || amount.lte(0)) throw refuse(errorKeys.funds.amountInvalid, 400);
  return amount;
}

export function requireWithin(amount: Decimal, min: string, max: string, keys: { below: ErrorKey; above: ErrorKey }): void {
  if (amount.lt(min)) throw refuse(keys.below, 422);
  if (amount.gt(max)) throw refuse(keys.above, 422);
}
