import { Decimal, money, toWire } from '@kabuto/domain/money';
import { priceLimits } from '@kabuto/domain/market/price-limit';
import { roundToTick, stepTick } from '@kabuto/domain/market/tick-size';
import type { TickTable } from '@kabuto/domain/market/tick-size';
import { isContinuousTrading, sessionDate, sessionState } from '@kabuto/domain/market/trading-session';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { hashSeed, mulberry32, randomInt } from './prng.ts';

// DESIGN "Market and trading model": the embedded default feed. Prices walk on the TSE tick grid,
// never past the day's limits from the previous close, and the same seed replays the same market.

/** What the simulator needs to know about a listed stock. */
export interface SimulatedCompany {
  code: string;
  tickTable: TickTable;
  basePrice: string;
}

/** One simulated trade: price and turnover as decimal strings, volume in shares (multiples of 100). */
export interface MarketTick {
  symbol: string;
  price: string;
  volume: number;
  turnover: string;
  at: Date;
}

export interface DepthLevel {
  price: string;
  /** Shares resting at the price, in 100-share units (SPEC §5 lots). */
  quantity: number;
}

export interface Depth {
  symbol: string;
  /** Best first: highest bid first, lowest ask first. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface Quote {
  symbol: string;
  last: string;
  prevClose: string;
  /** The day's limits, on the grid: the highest and lowest prices that may trade today. */
  upper: string;
  lower: string;
  /** Trading day (JST date) the figures belong to. */
  day: string;
  volume: number;
  turnover: string;
  /** The day's first, highest and lowest trade; null before the day's first trade. */
  open: string | null;
  high: string | null;
  low: string | null;
  /** Trades since the feed began (never reset): the symbol's stream sequence number. */
  trades: number;
}

/** What a new leader restores a stock from (the stored live state). */
export interface StockSnapshot {
  symbol: string;
  last: string;
  prevClose: string;
  day: string;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: number;
  turnover: string;
  trades: number;
}

export interface SimulatorOptions {
  seed: number;
  companies: readonly SimulatedCompany[];
  now: Date;
  /** `demo` trades around the clock; `tse` only in continuous trading hours. */
  profile?: SessionProfile;
  /** Chance that a stock trades in one step, 0–1. */
  activity?: number;
  /** Continue from stored state instead of the base prices (a stock not listed here starts at its base). */
  restore?: readonly StockSnapshot[];
  /** Mixed into the seed on restore, so a restarted feed does not replay the moves it already made. */
  resumeStep?: number;
}

export interface Simulator {
  /** Advances the market to `now`: rolls the day when the JST date changed, then trades if the session allows. */
  step(now: Date, halted?: ReadonlySet<string>): MarketTick[];
  /** Books a trade from elsewhere (a replayed recording) as the stock's latest trade; false for a symbol it does not carry. */
  record(tick: MarketTick): boolean;
  depth(symbol: string): Depth;
  quote(symbol: string): Quote;
  symbols(): string[];
}

export const DEPTH_LEVELS = 5;
const LOT = 100;

interface StockState {
  company: SimulatedCompany;
  base: Decimal;
  last: Decimal;
  prevClose: Decimal;
  upper: Decimal;
  lower: Decimal;
  volume: number;
  turnover: Decimal;
  open: Decimal | null;
  high: Decimal | null;
  low: Decimal | null;
  trades: number;
}

/** The day's band on the grid: a limit that is off the grid (e.g. 2999.5 + 500) is pulled inwards. */
function dayBand(prevClose: Decimal, table: TickTable): { upper: Decimal; lower: Decimal } {
  const { upper, lower } = priceLimits(prevClose);
  return { upper: roundToTick(upper, table, 'down'), lower: roundToTick(lower, table, 'up') };
}

function openDay(stock: StockState, prevClose: Decimal): void {
  const band = dayBand(prevClose, stock.company.tickTable);
  stock.prevClose = prevClose;
  stock.upper = band.upper;
  stock.lower = band.lower;
  stock.volume = 0;
  stock.turnover = new Decimal(0);
  stock.open = null;
  stock.high = null;
  stock.low = null;
}

/** Moves `ticks` grid steps from `price`, stopping at the day's band. */
function walk(stock: StockState, price: Decimal, ticks: number): Decimal {
  let current = price;
  for (let i = 0; i < Math.abs(ticks); i++) {
    const next = stepTick(current, stock.company.tickTable, ticks > 0 ? 'up' : 'down');
    if (next === null || next.gt(stock.upper) || next.lt(stock.lower)) break;
    current = next;
  }
  return current;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const profile = options.profile ?? 'demo';
  const activity = options.activity ?? 0.3;
  const random = mulberry32(options.resumeStep ? hashSeed(options.seed, `resume:${options.resumeStep}`) : options.seed);
  let day = sessionDate(options.now);
  const restored = new Map((options.restore ?? []).map((s) => [s.symbol, s]));
  const stocks = new Map<string, StockState>();
  for (const company of options.companies) {
    if (stocks.has(company.code)) throw new RangeError(`Duplicate symbol ${company.code}`);
    const base = roundToTick(money(company.basePrice), company.tickTable, 'nearest');
    const stock: StockState = {
      company,
      base,
      last: base,
      prevClose: base,
      upper: base,
      lower: base,
      volume: 0,
      turnover: new Decimal(0),
      open: null,
      high: null,
      low: null,
      trades: 0,
    };
    openDay(stock, base);
    const saved = restored.get(company.code);
    if (saved !== undefined) {
      stock.last = money(saved.last);
      stock.trades = saved.trades;
      // A state from an earlier day opens today with its last price as the previous close.
      openDay(stock, saved.day === day ? money(saved.prevClose) : stock.last);
      if (saved.day === day) {
        stock.volume = saved.volume;
        stock.turnover = money(saved.turnover);
        stock.open = saved.open === null ? null : money(saved.open);
        stock.high = saved.high === null ? null : money(saved.high);
        stock.low = saved.low === null ? null : money(saved.low);
      }
    }
    stocks.set(company.code, stock);
  }

  const stockOf = (symbol: string): StockState => {
    const stock = stocks.get(symbol);
    if (stock === undefined) throw new RangeError(`Unknown symbol ${symbol}`);
    return stock;
  };

  const trade = (stock: StockState, at: Date): MarketTick => {
    // Drift back towards the base price, so long runs stay at realistic levels.
    const stretch = stock.last.minus(stock.base).div(stock.base).toNumber();
    const upChance = 0.5 - Math.max(-0.15, Math.min(0.15, stretch));
    const magnitudeRoll = random();
    const magnitude =
      magnitudeRoll < 0.15 ? 0 : magnitudeRoll < 0.7 ? 1 : magnitudeRoll < 0.9 ? 2 : magnitudeRoll < 0.97 ? 3 : 5;
    const direction = random() < upChance ? 1 : -1;
    const price = walk(stock, stock.last, direction * magnitude);
    // Mostly small orders, now and then a large one.
    const lots = random() < 0.9 ? randomInt(random, 1, 20) : randomInt(random, 21, 300);
    const volume = lots * LOT;
    const turnover = price.times(volume);
    stock.last = price;
    stock.open ??= price;
    stock.high = stock.high === null || price.gt(stock.high) ? price : stock.high;
    stock.low = stock.low === null || price.lt(stock.low) ? price : stock.low;
    stock.volume += volume;
    stock.turnover = stock.turnover.plus(turnover);
    stock.trades += 1;
    return { symbol: stock.company.code, price: toWire(price), volume, turnover: toWire(turnover), at };
  };

  const rollTo = (now: Date): void => {
    const today = sessionDate(now);
    if (today !== day) {
      // The day's last price becomes tomorrow's base for the limits (TSE: previous close).
      for (const stock of stocks.values()) openDay(stock, stock.last);
      day = today;
    }
  };

  return {
    record(tick) {
      const stock = stocks.get(tick.symbol);
      if (stock === undefined) return false;
      rollTo(tick.at);
      // A recording is what happened: its price is taken as it is, even off this simulator's grid or band.
      const price = money(tick.price);
      stock.last = price;
      stock.open ??= price;
      stock.high = stock.high === null || price.gt(stock.high) ? price : stock.high;
      stock.low = stock.low === null || price.lt(stock.low) ? price : stock.low;
      stock.volume += tick.volume;
      stock.turnover = stock.turnover.plus(money(tick.turnover));
      stock.trades += 1;
      return true;
    },

    step(now, halted) {
      rollTo(now);
      if (!isContinuousTrading(sessionState(profile, now))) return [];
      const ticks: MarketTick[] = [];
      for (const stock of stocks.values()) {
        // A halted stock (staff decision) neither trades nor moves; it keeps its last price.
        if (random() < activity && !halted?.has(stock.company.code)) ticks.push(trade(stock, now));
      }
      return ticks;
    },

    depth(symbol) {
      const stock = stockOf(symbol);
      return depthOf(options.seed, stock.company.tickTable, {
        symbol,
        last: toWire(stock.last),
        upper: toWire(stock.upper),
        lower: toWire(stock.lower),
        trades: stock.trades,
        day,
      });
    },

    quote(symbol) {
      const stock = stockOf(symbol);
      return {
        symbol,
        last: toWire(stock.last),
        prevClose: toWire(stock.prevClose),
        upper: toWire(stock.upper),
        lower: toWire(stock.lower),
        day,
        volume: stock.volume,
        turnover: toWire(stock.turnover),
        open: stock.open === null ? null : toWire(stock.open),
        high: stock.high === null ? null : toWire(stock.high),
        low: stock.low === null ? null : toWire(stock.low),
        trades: stock.trades,
      };
    },

    symbols() {
      return [...stocks.keys()];
    },
  };
}

/** What depth is computed from: every process holding a quote can show the same book as the leader. */
export interface DepthInput {
  symbol: string;
  last: string;
  upper: string;
  lower: string;
  trades: number;
  day: string;
}

/**
 * Five levels a side: best bid at the last price, best ask one tick above (a one-tick spread);
 * nothing rests beyond the limits. Sizes come from a stream keyed by (seed, symbol, trades, day), so
 * reading depth never moves prices and every process computes the same book.
 */
export function depthOf(seed: number, table: TickTable, input: DepthInput): Depth {
  const last = money(input.last);
  const upper = money(input.upper);
  const lower = money(input.lower);
  const sizes = mulberry32(hashSeed(seed, `${input.symbol}:${input.trades}:${input.day}`));
  const levels = (from: Decimal | null, direction: 'up' | 'down'): DepthLevel[] => {
    const out: DepthLevel[] = [];
    let price = from;
    while (price !== null && out.length < DEPTH_LEVELS && price.lte(upper) && price.gte(lower)) {
      out.push({ price: toWire(price), quantity: randomInt(sizes, 1, 50) * LOT });
      price = stepTick(price, table, direction);
    }
    return out;
  };
  const bestAsk = last.gte(upper) ? null : stepTick(last, table, 'up');
  return { symbol: input.symbol, bids: levels(last, 'down'), asks: levels(bestAsk, 'up') };
}
