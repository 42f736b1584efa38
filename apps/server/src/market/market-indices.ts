import type { IndexValueWire, PriceSource } from '@kabuto/contracts/market/fields';
import { indexLevel, indexLevelOf, weightOf, type IndexDefinition, type PricePoint } from '@kabuto/market/indices';
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
  seq: number,
  source: PriceSource,
): IndexValueWire[] {
  return definitions.map((d) => wireOf(d, indexLevel(d, prices), seq, source));
}

function wireOf(
  d: IndexDefinition,
  level: { value: string; prevClose: string },
  seq: number,
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
    seq: String(seq),
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
  const books = definitions.map((d) => ({
    definition: d,
    members: new Set(d.constituents),
    now: new Decimal(0),
    before: new Decimal(0),
    base: new Decimal(0),
  }));
  const held = new Map<string, PricePoint>();
  const move = (code: string, p: PricePoint, sign: 1 | -1): void => {
    for (const b of books) {
      if (!b.members.has(code)) continue;
      const method = b.definition.method;
      b.now = b.now.plus(weightOf(method, code, money(p.last)).times(sign));
      b.before = b.before.plus(weightOf(method, code, money(p.prevClose)).times(sign));
      b.base = b.base.plus(weightOf(method, code, money(p.basePrice)).times(sign));
    }
  };
  const set = (code: string, p: PricePoint): void => {
    const old = held.get(code);
    if (old) move(code, old, -1);
    move(code, p, 1);
    held.set(code, p);
  };
  for (const [code, p] of prices) set(code, p);
  return {
    set,
    wires(seq: number, source: PriceSource): IndexValueWire[] {
      return books.map((b) => wireOf(b.definition, indexLevelOf(b.definition, b), seq, source));
    },
  };
}
export type IndexBook = ReturnType<typeof indexBook>;
