import type { CandlePeriodName, IndexValueWire, PriceSource, SymbolStatus } from '@kabuto/contracts/market/fields';

/** The bus channel the leader's feed publishes on; every process keeps its snapshot from it. */
export const marketChannel = 'kabuto:market';

/** A symbol's chart history was back-filled (the message is its code): the leader rereads its days of this week and month. */
export const marketHistoryChannel = 'kabuto:market-history';

/** One candle on the bus: [bucket start ms, open, high, low, close, volume, turnover]. */
export type CandleTuple = [number, string, string, string, string, number, string];

/**
 * A topic's sequence number on the stream (issue 17 §7): the leader's epoch followed by twelve digits of the count
 * within it (a symbol's trades, the feed's index steps). A new leader continues the counts from the last flush, which
 * may be behind what the old one streamed; with its higher epoch its numbers are all higher, so a client sees a jump
 * and resyncs, never an old number again with another price.
 */
export const streamSeq = (epoch: number, n: number): string => (BigInt(epoch) * 10n ** 12n + BigInt(n)).toString();

/** A symbol's state after a trade, as the leader publishes it. */
export interface TickState {
  symbol: string;
  /** Trades of the symbol since the feed began. */
  seq: number;
  /** The epoch of the leader that made the trade; with `seq` it gives the stream's sequence number. */
  epoch: number;
  at: number;
  last: string;
  prevClose: string;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: number;
  turnover: string;
  upper: string;
  lower: string;
  day: string;
  candles: Partial<Record<CandlePeriodName, CandleTuple>>;
}

export type MarketMessage =
  | {
      kind: 'ticks';
      step: number;
      source: PriceSource;
      ticks: TickState[];
      indices: { epoch: number; seq: number; values: IndexValueWire[] } | null;
    }
  | { kind: 'status'; symbol: string; status: SymbolStatus; reason: string | null };
