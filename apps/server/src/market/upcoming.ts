import type { Sql } from '@kabuto/db/database';
import { roundToTick } from '@kabuto/domain/market/tick-size';
import { toWire } from '@kabuto/domain/money';
import type { SectorCode, TseCompany } from '@kabuto/market/tse-companies';
import { writeBroadcast } from '../platform/public.ts';
import type { MarketMessage } from './market-messages.ts';

/** The sector an offered stock is stored under (staff do not choose one yet). */
export const ipoSector = 'IPO';

/**
 * A stock the market carries: one of the static universe, or one that joined it at runtime by listing after an IPO
 * (issue 25), whose sector is `IPO`.
 */
export type MarketCompany = Omit<TseCompany, 'sectorCode' | 'sector'> & {
  sectorCode: SectorCode | typeof ipoSector;
  sector: string;
};

/**
 * How a newly listed stock trades in the simulation: the company's own figures are not known, so it trades like a
 * busy, volatile small cap (new listings move more than the market). An assumption of the simulation, not data.
 */
const listingDailyVolume = 1_000_000;
const listingVolatility = 4;

/** What the market reads of a stored symbol to carry a listed IPO stock. */
export interface ListedIpoRow {
  code: string;
  name_jp: string;
  name_en: string;
  name_tw: string;
  topix500: boolean;
  base_price: string;
}

/**
 * A listed IPO stock as the market carries it: its names from `market_symbols`, sector `IPO`, its own tick table, its
 * base price (the offering price, on that grid) as its first previous close. It joins no index (no shares issued are
 * known, and an index's base is its constituents at the start).
 */
export function ipoCompany(r: ListedIpoRow): MarketCompany {
  const tickTable = r.topix500 ? 'topix500' : 'standard';
  return {
    code: r.code,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    // No kana reading is given: the Japanese name stands in for it (search by name works either way).
    reading: r.name_jp,
    sectorCode: ipoSector,
    sector: ipoSector,
    topix500: r.topix500,
    tickTable,
    basePrice: toWire(roundToTick(r.base_price, tickTable, 'nearest')),
    sharesIssued: 0,
    dailyVolume: listingDailyVolume,
    volatility: listingVolatility,
  };
}

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
     VALUES ($1, $2, $3, $4, $5, false, $6, 'upcoming', $7, $7) ON CONFLICT (code) DO NOTHING RETURNING code`,
    [s.code, s.names.jp, s.names.en, s.names.tw, ipoSector, s.price, s.at],
  );
  return rows.length === 1;
}

/**
 * Issue 25, the listing: an upcoming stock joins the market (`listed`, `listed_at` set; its base price stays the
 * offering price) in the caller's transaction, and the change leaves through the outbox as a status change, so every
 * process's snapshot adds it and the leader's feed starts trading it. False (nothing written) when the stock is not
 * upcoming — already listed, or withdrawn.
 */
export async function listUpcomingSymbol(tx: Sql, s: { code: string; at: Date }): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE market_symbols SET status = 'listed', status_reason = NULL, status_at = $2, listed_at = $2
      WHERE code = $1 AND status = 'upcoming' RETURNING code`,
    [s.code, s.at],
  );
  if (rows.length !== 1) return false;
  const payload = { kind: 'status', symbol: s.code } satisfies MarketMessage;
  await writeBroadcast(tx, { topic: 'market', type: 'market.status', payload }, s.at);
  return true;
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
