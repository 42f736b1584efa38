import type { Sql } from '@kabuto/db/database';
import { TSE_COMPANIES, type TseCompany } from '@kabuto/market/tse-companies';

/** Lists the simulated universe once (first start); history is anchored at this moment. */
export async function seedMarketSymbols(
  sql: Sql,
  now: Date,
  companies: readonly TseCompany[] = TSE_COMPANIES,
): Promise<number> {
  const rows = companies.map((c) => ({
    code: c.code,
    name_jp: c.names.jp,
    name_en: c.names.en,
    name_tw: c.names.tw,
    sector_code: c.sectorCode,
    topix500: c.topix500,
    base_price: c.basePrice,
  }));
  const inserted = await sql.query(
    `INSERT INTO market_symbols (code, name_jp, name_en, name_tw, sector_code, topix500, base_price, history_anchor_at)
     SELECT r.code, r.name_jp, r.name_en, r.name_tw, r.sector_code, r.topix500, r.base_price, $2
       FROM jsonb_to_recordset($1::jsonb) AS r(code text, name_jp text, name_en text, name_tw text, sector_code text, topix500 boolean, base_price numeric)
     ON CONFLICT (code) DO NOTHING RETURNING code`,
    [JSON.stringify(rows), now],
  );
  return inserted.length;
}
