import type { Decimal } from '../money.ts';

export type AmountLimitIssue = 'belowMin' | 'aboveMax';

/** SPEC §5: deposits and withdrawals have a minimum and a maximum (inclusive). */
export function amountLimitIssue(
  amount: Decimal,
  min: string | Decimal,
  max: string | Decimal,
): AmountLimitIssue | null {
  if (amount.lt(min)) return 'belowMin';
  if (amount.gt(max)) return 'aboveMax';
  return null;
}
