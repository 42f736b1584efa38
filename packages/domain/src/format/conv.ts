import { Decimal, tryMoney } from '../money.ts';

/**
 * SPEC §9 conv: multiply by 100 and truncate. Truncation is to a whole number, toward zero
 * ('0.12345' → '12', '-0.129' → '-12', '-0.001' → '0'), so a ratio becomes whole percent points.
 * Invalid or missing values give ''.
 */
export function conv(value: string | Decimal | null | undefined): string {
  const parsed = tryMoney(value);
  if (parsed === null) return '';
  const percent = parsed.times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  return percent.isZero() ? '0' : percent.toFixed();
}
