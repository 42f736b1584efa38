import type { Decimal } from '../money.ts';
import { round2, tryMoney } from '../money.ts';

export type EmptyMoney = 'blank' | 'zero';

export interface FormatMoneyOptions {
  /** Prefix for the amount; '¥' by default, '' for none. */
  symbol?: string;
  /** What an invalid or empty value shows: 'zero' (default, the final version) or 'blank' (''). */
  empty?: EmptyMoney;
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * SPEC §9 money filter: two decimals (half away from zero), comma thousands, the symbol in front
 * and the minus sign before the symbol ('-¥1,234.50').
 * SPEC §9 says an invalid or empty value gives '' in one version and zero in the final one: the
 * default follows the final one and shows a formatted zero with the same symbol ('¥0.00'), so a
 * missing figure lines up with real ones; `empty: 'blank'` gives ''.
 * Strings must be in the wire grammar of `money` (no float parsing ever).
 */
export function formatMoney(value: string | Decimal | null | undefined, opts: FormatMoneyOptions = {}): string {
  const symbol = opts.symbol ?? '¥';
  const parsed = tryMoney(value);
  if (parsed === null) return opts.empty === 'blank' ? '' : `${symbol}0.00`;
  const rounded = round2(parsed);
  const [int = '0', frac = '00'] = rounded.abs().toFixed(2).split('.');
  const sign = rounded.isNegative() ? '-' : '';
  return `${sign}${symbol}${int.replace(THOUSANDS, ',')}.${frac}`;
}
