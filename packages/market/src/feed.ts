import { readFile } from 'node:fs/promises';
import { money, toWire } from '@kabuto/domain/money';
import type { MarketTick, Simulator } from './simulator.ts';

// DESIGN "Integrity is a feature": market data shows its source, so every tick says where it came from.
export type FeedSource = 'simulated' | 'replay';

export interface FeedTick extends MarketTick {
  source: FeedSource;
}

export type FeedListener = (tick: FeedTick) => void;

export interface Feed {
  readonly source: FeedSource;
  start(): void;
  stop(): void;
  /** Adds a listener; the answer removes it again. */
  subscribe(listener: FeedListener): () => void;
}

/** Listeners and the running flag every feed shares. */
function createHub(source: FeedSource) {
  const listeners = new Set<FeedListener>();
  return {
    subscribe(listener: FeedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(tick: MarketTick): void {
      const stamped: FeedTick = { ...tick, source };
      for (const listener of [...listeners]) listener(stamped);
    },
  };
}

export interface SimulatedFeedOptions {
  simulator: Simulator;
  /** How often the market moves. */
  intervalMs: number;
  /** The clock the simulator is stepped with; injectable so tests and replays of a session can set the time. */
  now?: () => Date;
}

/** The embedded default: steps the simulator on a timer and publishes its trades. */
export function simulatedFeed(options: SimulatedFeedOptions): Feed {
  const hub = createHub('simulated');
  const now = options.now ?? (() => new Date());
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    source: 'simulated',
    start() {
      if (timer !== null) return;
      timer = setInterval(() => {
        for (const tick of options.simulator.step(now())) hub.publish(tick);
      }, options.intervalMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    subscribe: hub.subscribe,
  };
}

/** Thrown for a recorded line that is not a tick; `line` is 1-based. */
export class RecordedTickError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`Recorded tick on line ${line}: ${reason}`);
    this.name = 'RecordedTickError';
    this.line = line;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One recorded tick from its JSON object; turnover defaults to price × volume. */
function toTick(value: unknown, line: number): MarketTick {
  if (!isRecord(value)) throw new RecordedTickError(line, 'not an object');
  const { symbol, price, volume, turnover, at } = value;
  if (typeof symbol !== 'string' || symbol === '') throw new RecordedTickError(line, 'symbol missing');
  if (typeof price !== 'string' || !money(price).gt(0))
    throw new RecordedTickError(line, 'price must be a positive decimal string');
  if (typeof volume !== 'number' || !Number.isSafeInteger(volume) || volume < 0)
    throw new RecordedTickError(line, 'volume must be a whole number of shares');
  if (turnover !== undefined && typeof turnover !== 'string')
    throw new RecordedTickError(line, 'turnover must be a decimal string');
  const instant = typeof at === 'string' ? new Date(at) : null;
  if (instant === null || Number.isNaN(instant.getTime()))
    throw new RecordedTickError(line, 'at must be an ISO instant');
  return {
    symbol,
    price: toWire(money(price)),
    volume,
    turnover: toWire(turnover === undefined ? money(price).times(volume) : money(turnover)),
    at: instant,
  };
}

/** Recorded ticks from JSON lines (one tick object a line; blank lines skipped), in file order. */
export function parseRecordedTicks(text: string): MarketTick[] {
  const ticks: MarketTick[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new RecordedTickError(index + 1, 'not JSON');
    }
    try {
      ticks.push(toTick(parsed, index + 1));
    } catch (error) {
      // A bad amount from `money` is reported with its line like every other fault.
      if (error instanceof RecordedTickError) throw error;
      throw new RecordedTickError(index + 1, error instanceof Error ? error.message : String(error));
    }
  });
  return ticks;
}

export async function readRecordedTicks(path: string): Promise<MarketTick[]> {
  return parseRecordedTicks(await readFile(path, 'utf8'));
}

export interface ReplayFeedOptions {
  /** Recorded ticks, or JSON-lines text of them. */
  ticks: readonly MarketTick[] | string;
  /** 1 replays at recorded pace, 60 a minute per second. */
  speed?: number;
  /** Longest wait between two ticks, so overnight and weekend gaps do not stall a replay. */
  maxGapMs?: number;
  /** Start again from the first tick after the last one. */
  loop?: boolean;
}

/** Plays recorded ticks back in time order with their recorded instants, at the recorded pace scaled by `speed`. */
export function replayFeed(options: ReplayFeedOptions): Feed {
  const hub = createHub('replay');
  const recorded = typeof options.ticks === 'string' ? parseRecordedTicks(options.ticks) : [...options.ticks];
  const ticks = recorded
    .map((tick, index) => ({ tick, index }))
    .sort((a, b) => a.tick.at.getTime() - b.tick.at.getTime() || a.index - b.index)
    .map(({ tick }) => tick);
  const speed = options.speed ?? 1;
  const maxGapMs = options.maxGapMs ?? 5_000;
  if (!(speed > 0)) throw new RangeError('speed must be positive');
  let position = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (delay: number): void => {
    timer = setTimeout(() => {
      const tick = ticks[position];
      if (tick === undefined) return;
      hub.publish(tick);
      position += 1;
      if (position >= ticks.length) {
        if (!options.loop) {
          timer = null;
          return;
        }
        position = 0;
        schedule(0);
        return;
      }
      const gap = (ticks[position]?.at.getTime() ?? tick.at.getTime()) - tick.at.getTime();
      schedule(Math.min(maxGapMs, gap / speed));
    }, delay);
  };

  return {
    source: 'replay',
    start() {
      if (timer !== null || position >= ticks.length) return;
      schedule(0);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    subscribe: hub.subscribe,
  };
}
