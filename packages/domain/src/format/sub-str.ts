/**
 * SPEC §9 subStr: a string over 20 characters becomes its first 6 and last 6 characters around
 * '...' (for addresses and long ids); 20 or fewer are unchanged. Counts code points. Nullish gives ''.
 */
export function subStr(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const chars = Array.from(value);
  if (chars.length <= 20) return value;
  return `${chars.slice(0, 6).join('')}...${chars.slice(-6).join('')}`;
}
