/**
 * SPEC §9 sub9: a string longer than 9 characters is cut to its first 10 characters; shorter ones
 * are unchanged. Taken literally, so a 10-character string also stays whole. Counts code points,
 * so a character outside the BMP is never split. Nullish gives ''.
 */
export function sub9(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const chars = Array.from(value);
  return chars.length > 9 ? chars.slice(0, 10).join('') : value;
}
