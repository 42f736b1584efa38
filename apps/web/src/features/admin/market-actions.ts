import type { AdminSymbol, StatusAction } from './api/market-admin.api.ts';

export type SymbolStatus = AdminSymbol['status'];
export type StatusFilter = 'all' | SymbolStatus;

/** The staff role's rights on the three calls (adminPolicies.halt, resume, delist). */
export interface MarketRights {
  halt: boolean;
  resume: boolean;
  delist: boolean;
}

/** What a stock's state allows, as the server rules it: halt a listed one, resume a halted one, delist either; delisted is final. */
export function actionsFor(status: SymbolStatus, rights: MarketRights): StatusAction[] {
  if (status === 'delisted') return [];
  const allowed: StatusAction[] = [status === 'listed' ? 'halt' : 'resume', 'delist'];
  return allowed.filter((a) => rights[a]);
}

/** NFKC and lower case, so full-width digits and letters match as the member search does. */
const fold = (s: string): string => s.normalize('NFKC').toLowerCase();

/** By code prefix or by a name in any of the three languages, and by status. */
export function matchesFilter(
  s: Pick<AdminSymbol, 'symbol' | 'names' | 'status'>,
  query: string,
  status: StatusFilter,
): boolean {
  if (status !== 'all' && s.status !== status) return false;
  const q = fold(query.trim());
  return (
    q === '' || fold(s.symbol).startsWith(q) || [s.names.jp, s.names.en, s.names.tw].some((n) => fold(n).includes(q))
  );
}
