import { jstInstant, jstParts } from '@kabuto/domain/calendar/jst';
import { isTradingDay } from '@kabuto/domain/calendar/trading-day';
import { Decimal, money, toWire } from '@kabuto/domain/money';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { roundToTick, stepTick } from '@kabuto/domain/market/tick-size';
import { isContinuousTrading, sessionDate, sessionState, TSE_HOURS } from '@kabuto/domain/market/trading-session';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { hashSeed, mulberry32, randomInt } from './prng.ts';
import {
  CLOSING_AUCTION_SHARE,
  CONTINUOUS_MINUTES,
  dailyVolumeOf,
  dayVolumeFactor,
  gaussian,
  gridPrice,
  minuteSigma,
  minuteVolumeShare,
  OVERNIGHT_SHARE,
  tradingMinutesBetween,
} from './price-model.ts';
import type { ModelledCompany } from './price-model.ts';

// DESIGN "Market and trading model": the embedded default feed. Prices walk on the TSE tick grid,
// never past the day's limits from the previous close, and the same seed replays the same market.
// Issue 17 §14: moves and volumes follow each company's figures (`price-model.ts`), the same model
// the back-filled history uses; under `tse` the day ends with one closing-auction print at 15:30.

/** What the simulator needs to know about a listed stock (without figures it trades like a liquid large cap). */
export interface SimulatedCompany extends ModelledCompany {
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
  /**
   * A stock that joins the market while the simulator runs (an IPO's listing, issue 25): it starts from its base price
   * on its own tick grid, its first previous close, with the day's limits from it. False when it is already carried.
   */
  add(company: SimulatedCompany, now: Date): boolean;
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
  /** The model's log price, of which `last` is the nearest price on the grid. */
  fair: number;
  /** When the stock last traded (or the simulator started): a trade covers the time since. */
  lastAt: Date;
  /** Today's volume relative to the stock's average (`dayVolumeFactor`). */
  dayFactor: number;
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

/** Pull towards the base price per trading minute (a time scale of about twenty trading days). */
const REVERSION = 1 / (CONTINUOUS_MINUTES * 20);
/** A trade never covers less than a second, so a step at the very opening can still trade. */
const MIN_TRADE_MINUTES = 1 / 60;

function openDay(stock: StockState, prevClose: Decimal, dayFactor: number): void {
  const band = dailyPriceLimits(prevClose, stock.company.tickTable);
  stock.dayFactor = dayFactor;
  stock.prevClose = prevClose;
  stock.upper = band.upper;
  stock.lower = band.lower;
  stock.volume = 0;
  stock.turnover = new Decimal(0);
  stock.open = null;
  stock.high = null;
  stock.low = null;
}

/** Under `tse`, the trading day whose closing auction is due at `now` (15:30 or later on a trading day), else null. */
function closingDay(profile: SessionProfile, now: Date): string | null {
  if (profile !== 'tse') return null;
  const p = jstParts(now);
  return isTradingDay(p.year, p.month, p.day) && p.minuteOfDay >= TSE_HOURS.close ? sessionDate(now) : null;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const profile = options.profile ?? 'demo';
  const activity = options.activity ?? 0.3;
  const random = mulberry32(options.resumeStep ? hashSeed(options.seed, `resume:${options.resumeStep}`) : options.seed);
  let day = sessionDate(options.now);
  // A simulator started after a day's close does not print that day's closing auction again.
  let auctionDay = closingDay(profile, options.now);
  let lastStepAt = options.now;
  const factorOf = (code: string): number => dayVolumeFactor(options.seed, code, day);
  const restored = new Map((options.restore ?? []).map((s) => [s.symbol, s]));
  const stocks = new Map<string, StockState>();
  /** A stock from its base price (on its own tick grid), or from its stored state when it has one. */
  const stockFrom = (company: SimulatedCompany, since: Date, saved: StockSnapshot | undefined): StockState => {
    const base = roundToTick(money(company.basePrice), company.tickTable, 'nearest');
    const stock: StockState = {
      company,
      base,
      last: base,
      fair: Math.log(base.toNumber()),
      lastAt: since,
      dayFactor: 1,
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
    openDay(stock, base, factorOf(company.code));
    if (saved !== undefined) {
      stock.last = money(saved.last);
      stock.fair = Math.log(stock.last.toNumber());
      stock.trades = saved.trades;
      // A state from an earlier day opens today with its last price as the previous close.
      openDay(stock, saved.day === day ? money(saved.prevClose) : stock.last, factorOf(company.code));
      if (saved.day === day) {
        stock.volume = saved.volume;
        stock.turnover = money(saved.turnover);
        stock.open = saved.open === null ? null : money(saved.open);
        stock.high = saved.high === null ? null : money(saved.high);
        stock.low = saved.low === null ? null : money(saved.low);
      }
    }
    return stock;
  };
  for (const company of options.companies) {
    if (stocks.has(company.code)) throw new RangeError(`Duplicate symbol ${company.code}`);
    stocks.set(company.code, stockFrom(company, options.now, restored.get(company.code)));
  }

  const stockOf = (symbol: string): StockState => {
    const stock = stocks.get(symbol);
    if (stock === undefined) throw new RangeError(`Unknown symbol ${symbol}`);
    return stock;
  };

  /** Books a print on the day's figures and answers it as a tick. */
  const book = (
    stock: StockState,
    price: Decimal,
    volume: number,
    at: Date,
    turnover = price.times(volume),
  ): MarketTick => {
    stock.last = price;
    stock.lastAt = at;
    stock.open ??= price;
    stock.high = stock.high === null || price.gt(stock.high) ? price : stock.high;
    stock.low = stock.low === null || price.lt(stock.low) ? price : stock.low;
    stock.volume += volume;
    stock.turnover = stock.turnover.plus(turnover);
    stock.trades += 1;
    return { symbol: stock.company.code, price: toWire(price), volume, turnover: toWire(turnover), at };
  };

  /**
   * A trade covers the trading time since the stock's last one: the log price moves by the stock's
   * volatility scaled to that time (with a slight pull back to the base price, so long runs stay at
   * realistic levels) and the volume is what the stock trades in that time at this minute of the
   * day. Whether it trades in a step depends on the lots it trades in the step's time, so a stock
   * trading less than a lot a step trades now and then, in larger prints, at its average volume.
   */
  const trade = (stock: StockState, at: Date, stepMinutes: number, minuteShare: number): MarketTick | null => {
    const perMinute = (dailyVolumeOf(stock.company) * stock.dayFactor * minuteShare) / LOT;
    if (random() >= activity * (1 - Math.exp(-perMinute * stepMinutes))) return null;
    const minutes = Math.max(MIN_TRADE_MINUTES, tradingMinutesBetween(profile, stock.lastAt, at));
    const expectedLots = perMinute * minutes;
    const pull = REVERSION * (stock.fair - Math.log(stock.base.toNumber())) * minutes;
    stock.fair += minuteSigma(stock.company) * Math.sqrt(minutes) * gaussian(random) - pull;
    // The model price stays inside the day's band, so it leaves a limit as soon as the market turns.
    stock.fair = Math.min(Math.log(stock.upper.toNumber()), Math.max(Math.log(stock.lower.toNumber()), stock.fair));
    const price = gridPrice(Math.exp(stock.fair), stock.company.tickTable, stock.lower, stock.upper);
    // Order sizes vary a lot around the expected flow: now and then a large one.
    const lots = Math.max(1, Math.round(expectedLots * Math.exp(0.8 * gaussian(random) - 0.32)));
    return book(stock, price, lots * LOT, at);
  };

  /** Under `tse`: one print per stock that traded today, at its last price and 15:30, with the auction's share of the day's volume. */
  const closingAuction = (halted: ReadonlySet<string> | undefined): MarketTick[] => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const at = jstInstant(year, month, date, TSE_HOURS.close);
    const prints: MarketTick[] = [];
    for (const stock of stocks.values()) {
      if (stock.open === null || halted?.has(stock.company.code)) continue;
      const lots = Math.max(
        1,
        Math.round((dailyVolumeOf(stock.company) * stock.dayFactor * CLOSING_AUCTION_SHARE) / LOT),
      );
      prints.push(book(stock, stock.last, lots * LOT, at));
    }
    return prints;
  };

  const rollTo = (now: Date): void => {
    const today = sessionDate(now);
    if (today !== day) {
      day = today;
      // The day's last price becomes tomorrow's base for the limits (TSE: previous close). Under
      // `tse` the night moves the model price (news while the market is shut), seen at the first trade.
      for (const stock of stocks.values()) {
        openDay(stock, stock.last, factorOf(stock.company.code));
        if (profile === 'tse')
          stock.fair += minuteSigma(stock.company) * Math.sqrt(CONTINUOUS_MINUTES) * OVERNIGHT_SHARE * gaussian(random);
      }
    }
  };

  return {
    add(company, now) {
      if (stocks.has(company.code)) return false;
      // Its day is the simulator's: a stock joining before a day roll opens the next day like the others.
      stocks.set(company.code, stockFrom(company, now, undefined));
      return true;
    },

    record(tick) {
      const stock = stocks.get(tick.symbol);
      if (stock === undefined) return false;
      rollTo(tick.at);
      // A recording is what happened: its price is taken as it is, even off this simulator's grid or band.
      const price = money(tick.price);
      book(stock, price, tick.volume, tick.at, money(tick.turnover));
      stock.fair = Math.log(price.toNumber());
      return true;
    },

    step(now, halted) {
      rollTo(now);
      const closing = closingDay(profile, now);
      if (closing !== null && closing !== auctionDay) {
        auctionDay = closing;
        return closingAuction(halted);
      }
      const stepMinutes = Math.max(MIN_TRADE_MINUTES, tradingMinutesBetween(profile, lastStepAt, now));
      lastStepAt = now;
      if (!isContinuousTrading(sessionState(profile, now))) return [];
      const ticks: MarketTick[] = [];
      // The share of a day's volume that trades in this minute: the same for every stock.
      const minuteShare = minuteVolumeShare(profile, jstParts(now).minuteOfDay);
      for (const stock of stocks.values()) {
        // A halted stock (staff decision) neither trades nor moves; it keeps its last price.
        if (halted?.has(stock.company.code)) continue;
        const tick = trade(stock, now, stepMinutes, minuteShare);
        if (tick !== null) ticks.push(tick);
      }
      return ticks;
    },

    depth(symbol) {
      const stock = stockOf(symbol);
      return depthOf(options.seed, stock.company, {
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

/** Shares resting at the best price, as a share of the stock's average daily volume. */
const TOUCH_SHARE = 0.0015;

/**
 * Five levels a side around the last price (issue 17 §14). The spread is one tick for a liquid
 * stock and up to four for an illiquid one, and the last price sits anywhere inside it (on the bid
 * after a sale, on the ask after a purchase, or between). Sizes are whole lots scaled to the
 * stock's daily volume and never shrink away from the touch. Nothing rests beyond the limits. All
 * of it comes from a stream keyed by (seed, symbol, trades, day), so reading depth never moves
 * prices and every process computes the same book.
 */
export function depthOf(
  seed: number,
  company: Pick<ModelledCompany, 'tickTable' | 'dailyVolume'>,
  input: DepthInput,
): Depth {
  const table = company.tickTable;
  const last = money(input.last);
  const upper = money(input.upper);
  const lower = money(input.lower);
  const random = mulberry32(hashSeed(seed, `${input.symbol}:${input.trades}:${input.day}`));
  const dailyVolume = dailyVolumeOf(company);
  // 0 for a stock trading 5 million shares a day or more, about 2 for one trading 50,000.
  const illiquidity = Math.max(0, Math.min(2.5, Math.log10(5_000_000 / dailyVolume)));
  const spread = 1 + Math.floor(random() * (illiquidity + 0.3) * 1.5);
  const belowLast = randomInt(random, 0, spread);
  const moveTicks = (from: Decimal, ticks: number, direction: 'up' | 'down'): Decimal | null => {
    let price: Decimal | null = from;
    for (let i = 0; i < ticks && price !== null; i++) price = stepTick(price, table, direction);
    return price;
  };
  const bestBid = moveTicks(last, belowLast, 'down');
  const bestAsk = bestBid === null ? moveTicks(last, 1, 'up') : moveTicks(bestBid, spread, 'up');
  const touch = Math.max(1, (dailyVolume * TOUCH_SHARE) / LOT);
  const levels = (from: Decimal | null, direction: 'up' | 'down'): DepthLevel[] => {
    const out: DepthLevel[] = [];
    let price = from;
    let lots = 0;
    while (price !== null && out.length < DEPTH_LEVELS && price.lte(upper) && price.gte(lower)) {
      const size = touch * (1 + 0.45 * out.length) * (0.6 + 0.8 * random());
      lots = Math.max(lots, Math.round(size), 1);
      out.push({ price: toWire(price), quantity: lots * LOT });
      price = stepTick(price, table, direction);
    }
    return out;
  };
  return { symbol: input.symbol, bids: levels(bestBid, 'down'), asks: levels(bestAsk, 'up') };
}
