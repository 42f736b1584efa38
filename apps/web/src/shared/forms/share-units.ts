import { Decimal } from '@kabuto/domain/money';

// Full-width digits (U+FF10–FF19) as a Japanese keyboard types them.
const fullWidthDigits = /[\uFF10-\uFF19]/g;

/** SPEC §5: a digit field strips what is not a digit ("１，０００株" → "1000"). */
export function sharesDigits(text: string): string {
  return text.replace(fullWidthDigits, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D/g, '');
}

/** One unit (SPEC §5: 100 shares) up or down from what is typed, landing on whole units and never below one unit. */
export function stepShares(shares: string, direction: 'up' | 'down', unit: number): string {
  const typed = /^\d{1,15}$/.test(shares) ? new Decimal(shares) : new Decimal(0);
  const units = typed.div(unit);
  const next = direction === 'up' ? units.floor().plus(1) : units.ceil().minus(1);
  return Decimal.max(next, 1).times(unit).toFixed(0);
}
