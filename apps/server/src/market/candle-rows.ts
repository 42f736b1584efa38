// Rows of `market_candles` as the feed and the market calls read them: one column list, one row type, one mapping.
import type { CandlePeriodName } from '@kabuto/contracts/market/fields';
import type { Candle } from '@kabuto/domain/market/candles';

export interface CandleRow {
  symbol: string;
  period: CandlePeriodName;
  bucket_start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
}

/** Prices and turnover as text, so no `numeric` passes through a JavaScript number. */
export const candleColumns = `symbol, period, bucket_start, open::text AS open, high::text AS high, low::text AS low, close::text AS close, volume, turnover::text AS turnover`;

export const candleOf = (r: CandleRow): Candle => ({
  period: r.period,
  start: new Date(r.bucket_start),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: Number(r.volume),
  turnover: r.turnover,
});
