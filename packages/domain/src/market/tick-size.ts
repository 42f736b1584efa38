import type { Decimal } from '../money.ts';
import { money } from '../money.ts';

// TSE tick sizes (呼値の単位), the two tables in force since the 2014 reforms. Source: JPX trading
// rules ("Tick sizes" / 呼値の単位), written down from the team's knowledge of the published tables on
// 2026-11-23, not copied from a file. The finer table came in for TOPIX 100 constituents on
// 14 January 2014 and was extended to TOPIX Mid400 constituents on 5 June 2023, so it covers TOPIX 500.

/** Which table applies: TOPIX 500 constituents have the finer table, every other stock the standard one. */
export type TickTable = 'topix500' | 'standard';

/** A band: prices up to and including `upTo` (yen) trade in steps of `tick`; the last band has no ceiling. */
export interface TickBand {
  upTo: Decimal | null;
  tick: Decimal;
}

const bands = (rows: readonly (readonly [string | null, string])[]): readonly TickBand[] =>
  rows.map(([upTo, tick]) => ({ upTo: upTo === null ? null : money(upTo), tick: money(tick) }));

export const TICK_TABLES: Readonly<Record<TickTable, readonly TickBand[]>> = {
  topix500: bands([
    ['1000', '0.1'],
    ['3000', '0.5'],
    ['10000', '1'],
    ['30000', '5'],
    ['100000', '10'],
    ['300000', '50'],
    ['1000000', '100'],
    ['3000000', '500'],
    ['10000000', '1000'],
    ['30000000', '5000'],
    [null, '10000'],
  ]),
  standard: bands([
    ['3000', '1'],
    ['5000', '5'],
    ['30000', '10'],
    ['50000', '50'],
    ['300000', '100'],
    ['500000', '500'],
    ['3000000', '1000'],
    ['5000000', '5000'],
    ['30000000', '10000'],
    ['50000000', '50000'],
    [null, '100000'],
  ]),
};

/** Thrown for a price that cannot trade at all: zero, negative or not a decimal. */
export class InvalidPriceError extends Error {
  /** STYLE §12: a catalogued key; a price that cannot trade in a request is an invalid request. */
  readonly key = 'errors.request.invalid';
  constructor(price: string) {
    super(`Invalid price: ${price}`);
    this.name = 'InvalidPriceError';
  }
}

const positive = (price: string | Decimal): Decimal => {
  const value = money(price);
  if (value.lte(0)) throw new InvalidPriceError(value.toFixed());
  return value;
};

/** The tick of the band a price falls in ("X yen or less" bands, so a boundary price takes the lower band's tick). */
export function tickSize(price: string | Decimal, table: TickTable): Decimal {
  const value = positive(price);
  for (const band of TICK_TABLES[table]) {
    if (band.upTo === null || value.lte(band.upTo)) return band.tick;
  }
  // The last band has no ceiling, so the loop always answers.
  throw new InvalidPriceError(value.toFixed());
}

export function isOnTickGrid(price: string | Decimal, table: TickTable): boolean {
  const value = money(price);
  if (value.lte(0)) return false;
  return value.mod(tickSize(value, table)).isZero();
}

export type TickDirection = 'down' | 'up' | 'nearest';

/**
 * The nearest price on the grid in the given direction, using the tick of the band the price is in.
 * Every band boundary is a multiple of the ticks on both sides, so the answer is always on the grid.
 * `nearest` breaks ties upwards. Never answers less than the smallest tick of the table.
 */
export function roundToTick(price: string | Decimal, table: TickTable, direction: TickDirection): Decimal {
  const value = positive(price);
  const tick = tickSize(value, table);
  const down = value.divToInt(tick).times(tick);
  const up = down.eq(value) ? down : down.plus(tick);
  const smallest = TICK_TABLES[table][0]?.tick ?? tick;
  let chosen: Decimal;
  if (direction === 'down') chosen = down;
  else if (direction === 'up') chosen = up;
  else chosen = value.minus(down).lt(up.minus(value)) ? down : up;
  return chosen.lt(smallest) ? smallest : chosen;
}

/** The neighbouring price on the grid above or below an on-grid price; null when nothing trades below it. */
export function stepTick(price: string | Decimal, table: TickTable, direction: 'up' | 'down'): Decimal | null {
  const value = positive(price);
  const tick = tickSize(value, table);
  if (direction === 'up') {
    // Just above a band boundary the next band's coarser tick applies.
    const next = value.plus(tick);
    return isOnTickGrid(next, table) ? next : roundToTick(next, table, 'up');
  }
  // A boundary is a multiple of the tick below it, so stepping down stays on the grid.
  const below = value.minus(tick);
  return below.lte(0) ? null : below;
}
