/** The longest query the search call accepts (contracts/market/search: at most 64 characters). */
export const maxSearchLength = 64;

/**
 * What the search field sends: trimmed, inner runs of spaces (also the ideographic space a Japanese keyboard types)
 * made one, cut to the call's limit; `null` when nothing is left, so an empty field never calls the server.
 */
export function normaliseSearchQuery(raw: string): string | null {
  const collapsed = raw.replace(/[\s\u3000]+/g, ' ').trim();
  if (collapsed === '') return null;
  return [...collapsed].slice(0, maxSearchLength).join('').trim();
}
