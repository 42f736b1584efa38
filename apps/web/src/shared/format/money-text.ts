import { formatMoney } from '@kabuto/domain/format/money';
import { tryMoney } from '@kabuto/domain/money';

export type AmountTone = 'rise' | 'fall' | 'flat';

/** The symbol in front of an amount: the yen sign for JPY (SPEC §1), the ISO code for every other currency. */
export function currencyPrefix(currency: string): string {
  return currency === 'JPY' ? '¥' : `${currency} `;
}

/** SPEC §9 money filter on a wire decimal string; never parsed to a JS number. */
export function moneyText(amount: string, currency = 'JPY'): string {
  return formatMoney(amount, { symbol: currencyPrefix(currency) });
}

/** The sign of a wire amount, for colour and the explicit +/− (UX: never colour alone). */
export function amountTone(amount: string): AmountTone {
  const value = tryMoney(amount);
  if (value === null || value.isZero()) return 'flat';
  return value.isNegative() ? 'fall' : 'rise';
}

/** '+¥1,000.00' / '-¥1,000.00' / '¥0.00'. */
export function signedMoneyText(amount: string, currency = 'JPY'): string {
  const text = moneyText(amount, currency);
  return amountTone(amount) === 'rise' ? `+${text}` : text;
}
