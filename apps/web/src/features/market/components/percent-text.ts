/**
 * A percent change as UX "Visual language" writes it: always two decimals ("2" → "2.00", "-0.5" → "-0.50"); the
 * stream's ticks may carry fewer than the fetched quote. Worked on the digits; extra decimals are cut, not rounded.
 */
export function twoDecimals(value: string): string {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', frac = ''] = match;
  return `${sign}${whole}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
