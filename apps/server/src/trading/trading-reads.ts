import type { Database } from '@kabuto/db/database';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import type { SaleRules } from '@kabuto/domain/trading/sale-rules';
import { readCache, type CacheName, type ReadCache } from '../platform/public.ts';
import { allSaleRules, currentTerms, saleRulesOf } from './trading-terms.ts';

type TermsNow = Awaited<ReturnType<typeof currentTerms>>;

// Staff change these a few times a year; a lost bus message is outlived by at most this long.
const ttlMs = 60_000;

/**
 * Issue 24 "twice the orders": the trading terms and the staff's sale rules as every order and answer reads them,
 * kept in the process and forgotten when staff change them (read-cache.ts). Sale rules are few (set by staff per
 * product), so the whole table is one entry. A close still reads the rules in its own transaction.
 */
export function tradingReads(deps: { db: Database; profile: SessionProfile; cacheReads: boolean }) {
  const { db, profile, cacheReads } = deps;
  const terms: ReadCache<'terms', TermsNow> = readCache({ max: 1, ttlMs, enabled: cacheReads });
  const rules: ReadCache<'all', Map<string, SaleRules>> = readCache({ max: 1, ttlMs, enabled: cacheReads });
  return {
    /** The terms new orders open on. */
    terms: () => terms.get('terms', () => currentTerms(db, profile)),
    /** The sale rules staff set on these stocks (a stock with none is absent: `noSaleRules`). */
    saleRules: (symbols: readonly string[]): Promise<ReadonlyMap<string, SaleRules>> =>
      cacheReads ? rules.get('all', () => allSaleRules(db)) : saleRulesOf(db, symbols),
    /** By the name their changes are announced under (`announceChange`). */
    caches: { 'trade.terms': terms, 'trade.saleRules': rules },
    /** After a commit that changed one: forgotten here at once (other processes hear it on the bus). */
    forget: (name: Extract<CacheName, `trade.${string}`>) => (name === 'trade.terms' ? terms : rules).forget(),
  };
}
export type TradingReads = ReturnType<typeof tradingReads>;
