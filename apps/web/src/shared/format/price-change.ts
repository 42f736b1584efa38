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
 * A wire price or index value as the app writes it (SPEC §9 money: comma thousands, two decimals): "12345.5" →
 * "12,345.50", "10001.065" → "10,001.07" (half away from zero). Worked on the digits, so the detail screen needs no
 * decimal library. Anything that is not a decimal shows a dash.
 */
export function priceText(price: string | null | undefined): string {
  const parts = twoDecimals(price);
  return parts ? `${parts.negative ? '-' : ''}${groupThousands(parts.whole)}.${parts.fraction}` : '—';
}

/** A change in price or index points, always signed, grouped, two decimals: "+1,234.50", "−0.90", "0.00". */
export function changeText(change: string | null | undefined): string {
  const text = priceText(change);
  return text === '—' ? text : signedText(text);
}

/**
 * A percent change, always two decimals with its sign (+/−) and no sign at zero, which has no direction:
 * "+1.50%", "−0.07%", "0.00%". `signed: false` for shares of a whole, such as an index weight ("12.50%").
 */
export function percentText(percent: string | null | undefined, { signed = true } = {}): string {
  const text = priceText(percent);
  if (text === '—') return text;
  return `${signed ? signedText(text) : text}%`;
}

/** Digits with comma thousands ("1234567" → "1,234,567"), worked on the string. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** A decimal string rounded half away from zero to two places, on its digits; null when it is not a decimal. */
function twoDecimals(value: string | null | undefined): { negative: boolean; whole: string; fraction: string } | null {
  const match = decimalPattern.exec(value?.trim() ?? '');
  if (!match) return null;
  const fraction = match[3] ?? '';
  let digits = `${match[2] ?? '0'}${fraction.padEnd(2, '0').slice(0, 2)}`;
  if (fraction.charAt(2) >= '5') digits = plusOne(digits);
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '') || '0';
  return { negative: match[1] === '-' && /[1-9]/.test(digits), whole, fraction: digits.slice(-2) };
}

/** "1299" → "1300", "999" → "1000": one added to a string of digits. */
function plusOne(digits: string): string {
  const carried = /9*$/.exec(digits)?.[0].length ?? 0;
  const head = digits.slice(0, digits.length - carried);
  const bumped = head === '' ? '1' : `${head.slice(0, -1)}${Number(head.slice(-1)) + 1}`;
  return `${bumped}${'0'.repeat(carried)}`;
}
