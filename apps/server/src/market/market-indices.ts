import type { IndexValueWire, PriceSource } from '@kabuto/contracts/market/fields';
import { indexLevel, type IndexDefinition, type PricePoint } from '@kabuto/market/indices';
import { Decimal, money, toWire } from '@kabuto/domain/money';

/** Change as a percent of its base, two decimals (0 when the base is 0). */
/** A change as a percent of its base, always with two decimals ("1.50", "-0.07", "0.00"), as the contracts say. */
export function percentOf(change: Decimal, base: Decimal): string {
  const percent = base.isZero() ? new Decimal(0) : change.div(base).times(100).toDecimalPlaces(2);
  return percent.isZero() ? '0.00' : percent.toFixed(2);
}

/** The indices as the API and the stream show them, from one set of prices. */
export function indexWires(
  definitions: readonly IndexDefinition[],
  prices: ReadonlyMap<string, PricePoint>,
  /** The stream's sequence number of these values (`streamSeq`). */
  seq: string,
  source: PriceSource,
): IndexValueWire[] {
  return definitions.map((d) => {
    const level = indexLevel(d, prices);
    const change = money(level.value).minus(level.prevClose);
    return {
      code: d.code,
      names: d.names,
      method: d.method,
      value: level.value,
      prevClose: level.prevClose,
      change: toWire(change),
      changePercent: percentOf(change, money(level.prevClose)),
      constituents: d.constituents.length,
      seq,
      simulated: true,
      source,
    };
  });
}
