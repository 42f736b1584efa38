import { Decimal, tryMoney } from '../money.ts';

const THOUSAND = new Decimal(1000);
const MILLION = new Decimal(1_000_000);

/**
 * SPEC §9 Convert: compact figures for lists. Counting digits of the integer part of the
 * absolute value: 7 or more → millions with the suffix 'juta', 4 to 6 → thousands with 'K',
 * always two decimals rounded half away from zero ('12345678' → '12.35juta', '12345' → '12.35K',
 * '-1234' → '-1.23K'). A thousands figure that rounds up to 1000.00K is shown as 1.00juta.
 * Anything smaller is returned unchanged (a string exactly as given, a decimal in its wire form);
 * a string that is not a decimal is returned unchanged too, and nullish gives ''.
 */
export function convert(value: string | Decimal | null | undefined): string {
  if (value === null || value === undefined) return '';
  const parsed = tryMoney(value);
  if (parsed === null) return typeof value === 'string' ? value : '';
  const magnitude = parsed.abs();
  const sign = parsed.isNegative() ? '-' : '';
  const integerDigits = magnitude.truncated().toFixed().length;
  if (integerDigits >= 4) {
    const thousands = magnitude.dividedBy(THOUSAND).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (integerDigits < 7 && thousands.lt(THOUSAND)) return `${sign}${thousands.toFixed(2)}K`;
    const millions = magnitude.dividedBy(MILLION).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return `${sign}${millions.toFixed(2)}juta`;
  }
  if (typeof value === 'string') return value;
  return parsed.isZero() ? '0' : parsed.toFixed();
}
