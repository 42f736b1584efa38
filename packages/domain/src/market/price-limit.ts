import type { Decimal } from '../money.ts';
import { money } from '../money.ts';
import { InvalidPriceError, roundToTick } from './tick-size.ts';
import type { TickTable } from './tick-size.ts';

// TSE daily price limits (制限値幅) by base price, normally the previous close. Source: JPX trading
// rules ("Daily price limits" / 制限値幅), written down from the team's knowledge of the published table
// on 2026-11-23, not copied from a file. Special cases (limits widened after consecutive limit days,
// base prices reset after corporate actions) are left to later issues. Where the limit prices fall
// off the tick grid: see `dailyPriceLimits` and docs/architecture.md "Price limits after a day roll".

/** A band: base prices below `below` (yen) may move `width` yen either way; the last band has no ceiling. */
export interface PriceLimitBand {
  below: Decimal | null;
  width: Decimal;
}

const rows: readonly (readonly [string | null, string])[] = [
  ['100', '30'],
  ['200', '50'],
  ['500', '80'],
  ['700', '100'],
  ['1000', '150'],
  ['1500', '300'],
  ['2000', '400'],
  ['3000', '500'],
  ['5000', '700'],
  ['7000', '1000'],
  ['10000', '1500'],
  ['15000', '3000'],
  ['20000', '4000'],
  ['30000', '5000'],
  ['50000', '7000'],
  ['70000', '10000'],
  ['100000', '15000'],
  ['150000', '30000'],
  ['200000', '40000'],
  ['300000', '50000'],
  ['500000', '70000'],
  ['700000', '100000'],
  ['1000000', '150000'],
  ['1500000', '300000'],
  ['2000000', '400000'],
  ['3000000', '500000'],
  ['5000000', '700000'],
  ['7000000', '1000000'],
  ['10000000', '1500000'],
  ['15000000', '3000000'],
  ['20000000', '4000000'],
  ['30000000', '5000000'],
  ['50000000', '7000000'],
  [null, '10000000'],
];

export const PRICE_LIMIT_TABLE: readonly PriceLimitBand[] = rows.map(([below, width]) => ({
  below: below === null ? null : money(below),
  width: money(width),
}));

/** The lowest price a stock may trade at, whatever the table says. */
export const LOWEST_PRICE = money('1');

export function priceLimitWidth(prevClose: string | Decimal): Decimal {
  const base = money(prevClose);
  if (base.lte(0)) throw new InvalidPriceError(base.toFixed());
  for (const band of PRICE_LIMIT_TABLE) {
    if (band.below === null || base.lt(band.below)) return band.width;
  }
  throw new InvalidPriceError(base.toFixed());
}

export interface PriceLimits {
  upper: Decimal;
  lower: Decimal;
}

/** The day's stop-high and stop-low from the previous close; the floor is 1 yen. */
export function priceLimits(prevClose: string | Decimal): PriceLimits {
  const base = money(prevClose);
  const width = priceLimitWidth(base);
  const lower = base.minus(width);
  return { upper: base.plus(width), lower: lower.lt(LOWEST_PRICE) ? LOWEST_PRICE : lower };
}

/**
 * The day's stop-high and stop-low as the exchange publishes them for a stock on `table`: the base
 * price ± the table's width, floored at 1 yen. A base price on the finer TOPIX 500 grid can put a
 * limit between two ticks of the band it lands in (2,999.5 + 500 = 3,499.5, where the tick is 1 yen);
 * the exchange then moves it outwards onto the grid — the stop-high up, the stop-low down — so the
 * whole width stays tradable (JPX published base 751.6 yen with a 600-yen upper width as stop-high
 * 1,352 yen, not 1,351.5). Issue 17 §11; sources in docs/architecture.md.
 */
export function dailyPriceLimits(basePrice: string | Decimal, table: TickTable): PriceLimits {
  const { upper, lower } = priceLimits(basePrice);
  return { upper: roundToTick(upper, table, 'up'), lower: roundToTick(lower, table, 'down') };
}
