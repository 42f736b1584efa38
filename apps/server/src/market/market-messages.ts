import type { CandlePeriodName, IndexValueWire, PriceSource } from '@kabuto/contracts/market/fields';
import { busChannels } from '../platform/public.ts';

/** The bus channel the leader's feed publishes on, and status changes arrive on; every process keeps its snapshot from it. */
export const marketChannel = busChannels.market;

/** A symbol's chart history was back-filled (the message is its code): the leader rereads its days of this week and month. */
export const marketHistoryChannel = 'kabuto:market-history';

/** One candle on the bus: [bucket start ms, open, high, low, close, volume, turnover]. */
export type CandleTuple = [number, string, string, string, string, number, string];

/** A symbol's state after a trade, as the leader publishes it. */
export interface TickState {
  symbol: string;
  seq: number;
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
      indices: { seq: number; values: IndexValueWire[] } | null;
    }
  /** A symbol's status changed (relayed from the outbox): each snapshot reads the symbol's current status. */
  | { kind: 'status'; symbol: string };
