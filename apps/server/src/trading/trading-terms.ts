import type { Sql } from '@kabuto/db/database';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { noSaleRules, type SaleRules } from '@kabuto/domain/trading/sale-rules';
import { openingTerms, type TradingTerms } from '@kabuto/domain/trading/terms';

/** The terms as stored and as staff edit them: one flat object of decimal strings. */
export interface TermsWire {
  purchaseRate: string;
  sellingRate: string;
  stampDutyRate: string;
  minimumFee: string;
  leverages: number[];
  maintenanceRatio: string;
  longAnnualRate: string;
  shortAnnualRate: string;
}

export const termsToWire = (t: TradingTerms): TermsWire => ({
  ...t.fees,
  leverages: [...t.leverages],
  maintenanceRatio: t.maintenanceRatio,
  longAnnualRate: t.rates.longAnnualRate,
  shortAnnualRate: t.rates.shortAnnualRate,
});

export const termsFromWire = (w: TermsWire): TradingTerms => ({
  fees: {
    purchaseRate: w.purchaseRate,
    sellingRate: w.sellingRate,
    stampDutyRate: w.stampDutyRate,
    minimumFee: w.minimumFee,
  },
  leverages: [...w.leverages].sort((a, b) => a - b),
  maintenanceRatio: w.maintenanceRatio,
  rates: { longAnnualRate: w.longAnnualRate, shortAnnualRate: w.shortAnnualRate },
});

/** The terms new orders open on: staff's last change, else the profile's opening terms. */
export async function currentTerms(
  sql: Sql,
  profile: SessionProfile,
): Promise<{ terms: TradingTerms; changedAt: Date | null; changedBy: string | null }> {
  const [row] = await sql.query<{ terms: TermsWire; changed_at: Date | null; account: string | null }>(
    `SELECT t.terms, t.changed_at, m.account FROM trade_terms t LEFT JOIN members m ON m.id = t.changed_by WHERE t.id = 1`,
  );
  return row
    ? { terms: termsFromWire(row.terms), changedAt: row.changed_at, changedBy: row.account }
    : { terms: openingTerms(profile), changedAt: null, changedBy: null };
}

interface RulesRow {
  symbol: string;
  same_day_ban: boolean;
  t_plus_one_ban: boolean;
  min_holding_minutes: number;
  lock_up_until: Date | null;
}

export const rulesOfRow = (r: RulesRow | undefined): SaleRules =>
  r
    ? {
        sameDayBan: r.same_day_ban,
        tPlusOneBan: r.t_plus_one_ban,
        minHoldingMinutes: r.min_holding_minutes,
        lockUpUntil: r.lock_up_until ? new Date(r.lock_up_until).toISOString() : null,
      }
    : noSaleRules;

/** The sale rules staff set on these stocks (none for ordinary TSE stocks). */
export async function saleRulesOf(sql: Sql, symbols: readonly string[]): Promise<Map<string, SaleRules>> {
  if (symbols.length === 0) return new Map();
  const rows = await sql.query<RulesRow>(
    `SELECT symbol, same_day_ban, t_plus_one_ban, min_holding_minutes, lock_up_until FROM trade_product_rules WHERE symbol = ANY($1::text[])`,
    [[...new Set(symbols)]],
  );
  return new Map(rows.map((r) => [r.symbol, rulesOfRow(r)]));
}

/** Every stock's sale rules, by stock: what the process keeps (trading-reads.ts). */
export async function allSaleRules(sql: Sql): Promise<Map<string, SaleRules>> {
  const rows = await sql.query<RulesRow>(
    `SELECT symbol, same_day_ban, t_plus_one_ban, min_holding_minutes, lock_up_until FROM trade_product_rules`,
  );
  return new Map(rows.map((r) => [r.symbol, rulesOfRow(r)]));
}

export async function allProductRules(sql: Sql): Promise<(SaleRules & { symbol: string })[]> {
  const rows = await sql.query<RulesRow>(
    `SELECT symbol, same_day_ban, t_plus_one_ban, min_holding_minutes, lock_up_until FROM trade_product_rules ORDER BY symbol`,
  );
  return rows.map((r) => ({ symbol: r.symbol, ...rulesOfRow(r) }));
}
