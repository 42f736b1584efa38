import type { IndexValueWire, PriceSource } from '@kabuto/contracts/market/fields';
import { indexLevel, indexLevelOf, weightOf, type IndexDefinition, type PricePoint } from '@kabuto/market/indices';
import { Decimal, money, percentWire, toWire } from '@kabuto/domain/money';

/** A change as a percent of its base, always with two decimals ("1.50", "-0.07", "0.00"), as the contracts say. */
export function percentOf(change: Decimal, base: Decimal): string {
  return percentWire(toWire(change), toWire(base));
}

/** The indices as the API and the stream show them, from one set of prices. */
export function indexWires(
  definitions: readonly IndexDefinition[],
  prices: ReadonlyMap<string, PricePoint>,
  /** The stream's sequence number of these values (`streamSeq`). */
  seq: string,
  source: PriceSource,
): IndexValueWire[] {
  return definitions.map((d) => wireOf(d, indexLevel(d, prices), seq, source));
}

function wireOf(
  d: IndexDefinition,
  level: { value: string; prevClose: string },
  seq: string,
  source: PriceSource,
): IndexValueWire {
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
}

/**
 * The indices kept up to date one price at a time (issue 17 §13): each index's three sums (now, previous close, base)
 * move by the changed constituent's difference instead of being summed over every constituent each step. Decimal sums
 * are exact, so the levels equal `indexLevel` over the same prices.
 */
export function indexBook(definitions: readonly IndexDefinition[], prices: ReadonlyMap<string, PricePoint>) {
  type Part = 'now' | 'before' | 'base';
  const fieldOf: Record<Part, keyof PricePoint> = { now: 'last', before: 'prevClose', base: 'basePrice' };
  const books = definitions.map((d) => ({
    definition: d,
    sums: { now: new Decimal(0), before: new Decimal(0), base: new Decimal(0) },
    // Per constituent, the price each sum holds it at and its weight there.
    held: new Map(d.constituents.map((code) => [code, new Map<Part, { price: string; weight: Decimal }>()])),
  }));
  const set = (code: string, p: PricePoint): void => {
    for (const b of books) {
      const held = b.held.get(code);
      if (held === undefined) continue;
      for (const part of ['now', 'before', 'base'] as const) {
        const price = p[fieldOf[part]];
        const old = held.get(part);
        // Only a moved price is weighed again (the base never moves, the previous close once a day).
        if (old?.price === price) continue;
        const weight = weightOf(b.definition, code, money(price));
        b.sums[part] = (old ? b.sums[part].minus(old.weight) : b.sums[part]).plus(weight);
        held.set(part, { price, weight });
      }
    }
  };
  for (const [code, p] of prices) set(code, p);
  return {
    set,
    wires(seq: string, source: PriceSource): IndexValueWire[] {
      return books.map((b) => wireOf(b.definition, indexLevelOf(b.definition, b.sums), seq, source));
    },
  };
}
export type IndexBook = ReturnType<typeof indexBook>;
