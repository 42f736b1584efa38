import { errorKeys } from '@kabuto/contracts/errors';
import { amountIssue } from '@kabuto/contracts/formats';
import { Decimal, tryMoney } from '@kabuto/domain/money';
import { amountLimitIssue } from '@kabuto/domain/funds/amount-limits';

/** SPEC §5: number inputs strip disallowed characters; keeps one point and at most `decimals` places. */
export function sanitizeAmount(raw: string, decimals: number): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const whole = (point === -1 ? cleaned : cleaned.slice(0, point)).replace(/^0+(?=\d)/, '').slice(0, 15);
  if (point === -1 || decimals === 0) return whole;
  const fraction = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

export interface AmountLimits {
  min?: string;
  max?: string;
  /** Upper bound from the balance (available or withdrawable). */
  balance?: string;
  belowMinKey?: string;
  aboveMaxKey?: string;
  aboveBalanceKey?: string;
}

/** The first message key that refuses this amount, or null; the grammar the server's amountField is built from. */
export function amountError(value: string, limits: AmountLimits = {}): string | null {
  const issue = amountIssue(value);
  if (issue !== null) return issue;
  const amount = new Decimal(value.trim());
  const min = tryMoney(limits.min);
  const max = tryMoney(limits.max);
  const balance = tryMoney(limits.balance);
  // The server's limit rule (packages/domain), with an open bound where a limit is not known.
  const limitIssue = amountLimitIssue(amount, min ?? amount, max ?? amount);
  if (limitIssue === 'belowMin') return limits.belowMinKey ?? errorKeys.funds.amountInvalid;
  if (limitIssue === 'aboveMax') return limits.aboveMaxKey ?? errorKeys.funds.amountInvalid;
  if (balance !== null && amount.greaterThan(balance))
    return limits.aboveBalanceKey ?? errorKeys.funds.insufficientAvailable;
  return null;
}

/** A share of an amount for the 25 % / 50 % chips, rounded down so it never exceeds what is there. */
export function shareOf(amount: string, share: '0.25' | '0.5' | '1', decimals: number): string {
  const value = tryMoney(amount);
  if (value === null || value.isNegative()) return '0';
  return value.times(share).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

/** The smaller of two wire amounts (either may be missing). */
export function minAmount(a: string, b: string | undefined): string {
  const x = tryMoney(a);
  const y = tryMoney(b);
  if (x === null) return b ?? '0';
  if (y === null) return a;
  return x.lessThanOrEqualTo(y) ? a : (b ?? a);
}

/** True when the wire amount is more than zero. */
export function isPositive(amount: string | undefined): boolean {
  const value = tryMoney(amount);
  return value !== null && value.greaterThan(0);
}

/** True when a ≥ b (both wire amounts). */
export function atLeast(a: string | undefined, b: string | undefined): boolean {
  const x = tryMoney(a);
  const y = tryMoney(b);
  return x !== null && y !== null && x.greaterThanOrEqualTo(y);
}
