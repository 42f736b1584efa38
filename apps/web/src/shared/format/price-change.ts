/** UX "Visual language": rises red, falls blue-green, unchanged grey — and never colour alone. */
export type PriceDirection = 'up' | 'down' | 'flat';

/** The direction of a signed decimal string such as "-12.5", "0.00" or "3". */
export function directionOf(change: string): PriceDirection {
  const trimmed = change.trim();
  if (!/[1-9]/.test(trimmed)) return 'flat';
  return trimmed.startsWith('-') ? 'down' : 'up';
}

/** A change with its sign always written (+, −, or none at zero), e.g. "+1.25", "−0.40", "0.00". */
export function signedText(change: string): string {
  const direction = directionOf(change);
  const magnitude = change.trim().replace(/^[+-]/, '');
  return direction === 'up' ? `+${magnitude}` : direction === 'down' ? `−${magnitude}` : magnitude;
}

export const directionArrow: Record<PriceDirection, string> = { up: '▲', down: '▼', flat: '―' };

/**
 * A wire price as the lists write it (SPEC §9 money: comma thousands, two decimals): "12345.5" → "12,345.50".
 * Worked on the digits, so the detail screen needs no decimal library; prices on the TSE grid never have more
 * than one decimal, so nothing is cut. Anything that is not a decimal shows a dash.
 */
export function priceText(price: string | null | undefined): string {
  if (price === null || price === undefined || !/^-?\d+(\.\d+)?$/.test(price.trim())) return '—';
  const [whole = '', fraction = ''] = price.trim().split('.');
  return `${groupThousands(whole)}.${fraction.padEnd(2, '0')}`;
}

/** Digits with comma thousands ("1234567" → "1,234,567"), worked on the string. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
