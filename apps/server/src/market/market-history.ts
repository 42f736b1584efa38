import type { Database } from '@kabuto/db/database';
import type { CalendarDate } from '@kabuto/domain/calendar/trading-day';
import { historyCandles, historyTradingDays } from '@kabuto/market/history';
import type { TseCompany } from '@kabuto/market/tse-companies';
import type { Bus } from '../platform/public.ts';
import { marketHistoryChannel } from './market-messages.ts';

/**
 * Issue 7: chart history back-filled so every period shows a full chart. Deterministic from the seed
 * and each symbol's anchor (when it was first seeded), so filling it twice, or on two processes at
 * once, writes the same rows (ON CONFLICT DO NOTHING).
 */
/** Candles per insert: small enough that a request queued behind one waits a few milliseconds. */
const historySliceRows = 200;
/** A gap between slices, so requests queued meanwhile run before the next slice. */
const sliceGapMs = 2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function marketHistory(deps: {
  db: Database;
  seed: number;
  universe: readonly TseCompany[];
  /** Told when a symbol is filled, so the leader adds the filled days to this week's and month's candle. */
  bus?: Bus;
  log?: (msg: string, err?: unknown) => void;
}) {
  const companies = new Map(deps.universe.map((c) => [c.code, c]));
  const filled = new Set<string>();
  const daysByAnchor = new Map<number, CalendarDate[]>();

  async function fill(symbol: string): Promise<number> {
    // A stock outside the universe (an IPO's, issue 25) has no history before its listing: nothing to fill or read.
    const company = companies.get(symbol);
    if (filled.has(symbol) || !company) return 0;
    const [row] = await deps.db.query<{ history_anchor_at: Date; history_filled_at: Date | null }>(
      `SELECT history_anchor_at, history_filled_at FROM market_symbols WHERE code = $1`,
      [symbol],
    );
    if (!row) return 0;
    if (row.history_filled_at) {
      filled.add(symbol);
      return 0;
    }
    const anchor = new Date(row.history_anchor_at);
    let days = daysByAnchor.get(anchor.getTime());
    if (!days) {
      days = historyTradingDays(anchor);
      daysByAnchor.set(anchor.getTime(), days);
    }
    const rows = [...historyCandles(deps.seed, company, anchor, days).values()].flat().map((c) => ({
      period: c.period,
      bucket_start: c.start.toISOString(),
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
      turnover: c.turnover,
    }));
    // In slices, each its own statement: PGlite runs one statement at a time, so a member's request waits at
    // most one slice, not a whole symbol's two years. Rows are idempotent (ON CONFLICT DO NOTHING) and the
    // symbol counts as filled only after its last slice, so a fill cut short is finished by the next one.
    for (let from = 0; from < rows.length; from += historySliceRows) {
      await deps.db.query(
        `INSERT INTO market_candles (symbol, period, bucket_start, open, high, low, close, volume, turnover)
         SELECT $1, r.period, r.bucket_start, r.open, r.high, r.low, r.close, r.volume, r.turnover
           FROM jsonb_to_recordset($2::jsonb) AS r(period text, bucket_start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint, turnover numeric)
         ON CONFLICT (symbol, period, bucket_start) DO NOTHING`,
        [symbol, JSON.stringify(rows.slice(from, from + historySliceRows))],
      );
      await pause(sliceGapMs);
    }
    await deps.db.query(`UPDATE market_symbols SET history_filled_at = now() WHERE code = $1`, [symbol]);
    filled.add(symbol);
    await deps.bus
      ?.publish(marketHistoryChannel, symbol)
      .catch((err: unknown) => deps.log?.('market: history notice failed', err));
    return rows.length;
  }

  return {
    /** Fills one symbol's history if it has none yet (a chart asked before the background fill reached it). */
    ensure: fill,
    /** The leader's first-start fill of every symbol, one at a time so API calls keep their turn; stops when `keepGoing` says so. */
    async fillAll(keepGoing: () => boolean): Promise<{ symbols: number; rows: number; ms: number }> {
      const started = performance.now();
      const pending = await deps.db.query<{ code: string }>(
        `SELECT code FROM market_symbols WHERE history_filled_at IS NULL ORDER BY code`,
      );
      let rows = 0;
      let symbols = 0;
      for (const { code } of pending) {
        if (!keepGoing()) break;
        const written = await fill(code);
        // A stock a chart already filled on demand is not counted twice.
        if (written > 0) symbols += 1;
        rows += written;
      }
      return { symbols, rows, ms: Math.round(performance.now() - started) };
    },
  };
}
export type MarketHistory = ReturnType<typeof marketHistory>;
