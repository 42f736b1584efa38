import type { CandlePeriodName, IndexValueWire, PriceSource } from '@kabuto/contracts/market/fields';
import { candlePeriods } from '@kabuto/contracts/market/fields';
import { bucketStart, mergeTick, openCandle, type Candle, type TradePrint } from '@kabuto/domain/market/candles';
import { busChannels } from '../platform/public.ts';

/** The bus channel the leader's feed publishes on, and status changes arrive on; every process keeps its snapshot from it. */
export const marketChannel = busChannels.market;

/** A symbol's chart history was back-filled (the message is its code): the leader rereads its days of this week and month. */
export const marketHistoryChannel = 'kabuto:market-history';

/** A process asks the leader for the whole candles of some symbols (a JSON array of codes); answered with `resync`. */
export const marketResyncChannel = 'kabuto:market-resync';

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
}

/** A tick as the leader holds it: the state with the candles the trade made (the bus carries `TickWire`). */
export type TickWithCandles = TickState & { candles: Partial<Record<CandlePeriodName, Candle>> };

/** The feed's message of one step, as the leader holds it (`step()` answers it; the bus carries `MarketWire`). */
export type MarketMessage =
  | {
      kind: 'ticks';
      step: number;
      source: PriceSource;
      ticks: TickWithCandles[];
      indices: { epoch: number; seq: number; values: IndexValueWire[] } | null;
    }
  /** A symbol's status changed (relayed from the outbox): each snapshot reads the symbol's current status. */
  | { kind: 'status'; symbol: string };

/**
 * A tick on the bus (issue 17 §13): positional, so 4,000 symbols' names of fields are not sent every second, and
 * with only the candles a receiver cannot work out itself. A receiver whose candles of the symbol are those after
 * trade `seq − 1` derives every candle left out by `candleAfter` from its own and the trade (`print`); the leader
 * leaves a candle out only when that gives exactly its own (see `market-feed.ts`). `full` marks a tick that carries
 * every candle the leader has for the symbol (a receiver may start following the symbol from it).
 */
export type TickWire = [
  symbol: string,
  seq: number,
  epoch: number,
  at: number,
  last: string,
  prevClose: string,
  open: string | null,
  high: string | null,
  low: string | null,
  volume: number,
  turnover: string,
  upper: string,
  lower: string,
  day: string,
  print: [price: string, volume: number, turnover: string] | null,
  candles: Partial<Record<CandlePeriodName, CandleTuple>>,
  full: 0 | 1,
];

/** What crosses the bus on `marketChannel`. */
export type MarketWire =
  | {
      kind: 'ticks';
      step: number;
      source: PriceSource;
      ticks: TickWire[];
      indices: { epoch: number; seq: number; values: IndexValueWire[] } | null;
    }
  /** The leader's answer to a resync request: the symbols' state with every candle (`full`), outside the steps. */
  | { kind: 'resync'; source: PriceSource; ticks: TickWire[] }
  /** A symbol's status changed (relayed from the outbox): each snapshot reads the symbol's current status. */
  | { kind: 'status'; symbol: string };

export function encodeTick(
  s: TickState,
  print: TickWire[14],
  candles: Partial<Record<CandlePeriodName, CandleTuple>>,
  full: boolean,
): TickWire {
  return [
    s.symbol,
    s.seq,
    s.epoch,
    s.at,
    s.last,
    s.prevClose,
    s.open,
    s.high,
    s.low,
    s.volume,
    s.turnover,
    s.upper,
    s.lower,
    s.day,
    print,
    candles,
    full ? 1 : 0,
  ];
}

export function decodeTick(w: TickWire): {
  state: TickState;
  print: TickWire[14];
  candles: Partial<Record<CandlePeriodName, CandleTuple>>;
  full: boolean;
} {
  const [
    symbol,
    seq,
    epoch,
    at,
    last,
    prevClose,
    open,
    high,
    low,
    volume,
    turnover,
    upper,
    lower,
    day,
    print,
    candles,
    full,
  ] = w;
  return {
    state: { symbol, seq, epoch, at, last, prevClose, open, high, low, volume, turnover, upper, lower, day },
    print,
    candles,
    full: full === 1,
  };
}

export const candleTuple = (c: Candle): CandleTuple => [
  c.start.getTime(),
  c.open,
  c.high,
  c.low,
  c.close,
  c.volume,
  c.turnover,
];

export const candleOfTuple = (period: CandlePeriodName, t: CandleTuple): Candle => ({
  period,
  start: new Date(t[0]),
  open: t[1],
  high: t[2],
  low: t[3],
  close: t[4],
  volume: t[5],
  turnover: t[6],
});

/** The candle of `period` after one trade: the previous one with the trade merged in, or a new one when its bucket ended. */
export function candleAfter(period: CandlePeriodName, previous: Candle | undefined, print: TradePrint): Candle {
  return previous && previous.start.getTime() === bucketStart(period, print.at).getTime()
    ? mergeTick(previous, print)
    : openCandle(period, print);
}

/** Every period's candle a receiver holds after a tick: the ones sent, the others derived from its own (`candleAfter`). */
export function candlesAfter(
  held: ReadonlyMap<CandlePeriodName, CandleTuple>,
  tick: ReturnType<typeof decodeTick>,
): Map<CandlePeriodName, CandleTuple> {
  const next = new Map<CandlePeriodName, CandleTuple>();
  const print = tick.print && {
    price: tick.print[0],
    volume: tick.print[1],
    turnover: tick.print[2],
    at: new Date(tick.state.at),
  };
  for (const period of candlePeriods) {
    const sent = tick.candles[period];
    const previous = held.get(period);
    if (sent) next.set(period, sent);
    else if (print)
      next.set(period, candleTuple(candleAfter(period, previous && candleOfTuple(period, previous), print)));
    else if (previous) next.set(period, previous);
  }
  return next;
}
