import type { Sql } from '@kabuto/db/database';

/**
 * Issue 25: a stock offered in an IPO is known to the market before it lists, as `upcoming`: its code holds the
 * positions of paid wins, and no list, quote, search or feed shows it (the snapshot knows only the listed universe).
 * Its history starts at its listing, so there is none to fill. Refused (false) when the code is already taken.
 */
export async function addUpcomingSymbol(
  tx: Sql,
  s: { code: string; names: { jp: string; en: string; tw: string }; price: string; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO market_symbols (code, name_jp, name_en, name_tw, sector_code, topix500, base_price, status,
       history_anchor_at, history_filled_at)
     VALUES ($1, $2, $3, $4, 'IPO', false, $5, 'upcoming', $6, $6) ON CONFLICT (code) DO NOTHING RETURNING code`,
    [s.code, s.names.jp, s.names.en, s.names.tw, s.price, s.at],
  );
  return rows.length === 1;
}

/** An offering cancelled before listing: its stock will not list, and its code says why (kept, not reused). */
export async function withdrawUpcomingSymbol(
  tx: Sql,
  s: { code: string; reason: string; staffId: string; at: Date },
): Promise<void> {
  await tx.query(
    `UPDATE market_symbols SET status = 'delisted', status_reason = $2, status_by = $3, status_at = $4
      WHERE code = $1 AND status = 'upcoming'`,
    [s.code, s.reason, s.staffId, s.at],
  );
}
