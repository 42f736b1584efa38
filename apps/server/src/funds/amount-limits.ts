import { Decimal } from '@kabuto/domain/money';
import { amountLimitIssue } from '@kabuto/domain/funds/amount-limits';
import { currencyDecimals, type Currency } from '@kabuto/domain/currency';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';

/** Parses an amount already shaped by the contract, checking the currency's minor unit. */
export function parseAmount(value: string, currency: Currency): Decimal {
  const amount = new Decimal(value);
  if (amount.decimalPlaces() > currencyDecimals[currency] || amount.lte(0)) throw refuse(errorKeys.funds.amountInvalid);
  return amount;
}

/** The domain's limit rule (the screens call the same one), refused with the flow's own keys. */
export function requireWithin(
  amount: Decimal,
  min: string,
  max: string,
  keys: { below: ErrorKey; above: ErrorKey },
): void {
  const issue = amountLimitIssue(amount, min, max);
  if (issue) throw refuse(issue === 'belowMin' ? keys.below : keys.above);
}
