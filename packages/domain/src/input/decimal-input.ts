/** Why a typed figure cannot be taken as it stands. */
export type DecimalInputProblem = 'unreadable' | 'tooManyDecimals';

/** A typed figure read exactly (`ok`: plain digits and at most one point, '' when nothing was typed), or why not. */
export type DecimalInput = { ok: string } | { problem: DecimalInputProblem };

// Digits with an optional fraction; the whole part either plain (10000) or grouped by commas in threes (10,000).
const READABLE = /^(?<whole>\d+|\d{1,3}(?:,\d{3})+)?(?:\.(?<fraction>\d*))?$/;

/**
 * Reads what a member typed or pasted into a money or quantity field, exactly or not at all (GLOSSARY "Numbers":
 * full-width digits read as ordinary ones). Full-width digits, comma and point are folded (NFKC); commas are taken
 * only as thousands separators in their right places ("10,000.50"), so "1,00" or "1.2.3" is refused rather than
 * guessed at. Decimals beyond `maxDecimals` are dropped only when they are zeros ("100.00" → "100"); any other
 * digit there is refused, never cut.
 */
export function readDecimalInput(text: string, options: { maxDecimals: number }): DecimalInput {
  const folded = text.normalize('NFKC').trim();
  if (folded === '') return { ok: '' };
  const groups = READABLE.exec(folded)?.groups;
  const whole = groups?.whole?.replace(/,/g, '') ?? '';
  const fraction = groups?.fraction ?? '';
  // Neither a digit before nor after the point ("." alone) is no number.
  if (groups === undefined || (whole === '' && fraction === '')) return { problem: 'unreadable' };
  const kept = fraction.slice(0, options.maxDecimals);
  if (/[^0]/.test(fraction.slice(options.maxDecimals))) return { problem: 'tooManyDecimals' };
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  return { ok: kept === '' ? integer : `${integer}.${kept}` };
}
