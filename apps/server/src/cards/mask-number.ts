/**
 * Masks all but the last 4 characters of a card or ID number, and always hides at least 3,
 * so a short number is never shown whole (`1234567` → `***4567`, `123456` → `***456`).
 */
export function maskTail(value: string): string {
  const visible = Math.min(4, Math.max(0, value.length - 3));
  return '*'.repeat(value.length - visible) + value.slice(value.length - visible);
}
