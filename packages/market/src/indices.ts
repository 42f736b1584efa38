import { Decimal, money, toWire } from '@kabuto/domain/money';
import type { CompanyNames, TseCompany } from './tse-companies.ts';

// Issue 7: "a price-weighted and a cap-weighted index computed from the simulated constituents,
// labelled as such". Neither is a real index: both read simulated prices. The cap-weighted one
// weighs each stock by price × its approximate shares issued (issue 17 §14, from the company list),
// with no free-float adjustment.

export type IndexMethod = 'price-weighted' | 'cap-weighted';

export interface IndexDefinition {
  code: string;
  names: CompanyNames;
  method: IndexMethod;
  /** The index value when every constituent is at its base price. */
  baseValue: string;
  description: string;
  constituents: readonly string[];
  /** Shares issued per constituent (what the cap-weighted index weighs prices by). */
  shares: ReadonlyMap<string, number>;
}

export function indexDefinitions(companies: readonly TseCompany[]): IndexDefinition[] {
  const shares = new Map(companies.map((c) => [c.code, c.sharesIssued]));
  return [
    {
      code: 'KSPW',
      names: {
        jp: 'Kabuto 模擬株価平均（価格加重）',
        en: 'Kabuto Simulated Price-Weighted Average',
        tw: 'Kabuto 模擬股價平均（價格加權）',
      },
      method: 'price-weighted',
      baseValue: '10000',
      description:
        'Simulated: 10,000 × (sum of constituents’ simulated prices) ÷ (sum of their base prices); constituents are the simulated TOPIX 500 members.',
      constituents: companies.filter((c) => c.topix500).map((c) => c.code),
      shares,
    },
    {
      code: 'KSCW',
      names: {
        jp: 'Kabuto 模擬時価総額加重指数',
        en: 'Kabuto Simulated Cap-Weighted Index',
        tw: 'Kabuto 模擬市值加權指數',
      },
      method: 'cap-weighted',
      baseValue: '1000',
      description:
        'Simulated: 1,000 × Σ(simulated price × shares issued) ÷ Σ(base price × shares issued) over every simulated stock; share counts are the companies’ approximate shares issued, not free-float adjusted.',
      constituents: companies.map((c) => c.code),
      shares,
    },
  ];
}

export interface PricePoint {
  last: string;
  prevClose: string;
  basePrice: string;
}

/** A constituent's part of an index's sums at `price`. */
export const weightOf = (definition: IndexDefinition, code: string, price: Decimal): Decimal =>
  definition.method === 'price-weighted' ? price : price.times(definition.shares.get(code) ?? 0);

/** The index now and at the previous close, two decimals; a constituent missing from `prices` is left out. */
export function indexLevel(
  definition: IndexDefinition,
  prices: ReadonlyMap<string, PricePoint>,
): { value: string; prevClose: string } {
  let now = new Decimal(0);
  let before = new Decimal(0);
  let base = new Decimal(0);
  for (const code of definition.constituents) {
    const p = prices.get(code);
    if (p === undefined) continue;
    now = now.plus(weightOf(definition, code, money(p.last)));
    before = before.plus(weightOf(definition, code, money(p.prevClose)));
    base = base.plus(weightOf(definition, code, money(p.basePrice)));
  }
  return indexLevelOf(definition, { now, before, base });
}

/** The index from its sums of constituents' weights: now, at the previous close and at the base prices. */
export function indexLevelOf(
  definition: IndexDefinition,
  { now, before, base }: { now: Decimal; before: Decimal; base: Decimal },
): { value: string; prevClose: string } {
  if (base.isZero()) return { value: definition.baseValue, prevClose: definition.baseValue };
  const scale = money(definition.baseValue).div(base);
  return {
    value: toWire(now.times(scale).toDecimalPlaces(2)),
    prevClose: toWire(before.times(scale).toDecimalPlaces(2)),
  };
}

/** Each constituent's share of the index now, in percent with two decimals. */
export function constituentWeights(
  definition: IndexDefinition,
  prices: ReadonlyMap<string, PricePoint>,
): Map<string, string> {
  const parts = new Map<string, Decimal>();
  let total = new Decimal(0);
  for (const code of definition.constituents) {
    const p = prices.get(code);
    if (p === undefined) continue;
    const w = weightOf(definition, code, money(p.last));
    parts.set(code, w);
    total = total.plus(w);
  }
  return new Map(
    [...parts].map(([code, w]) => [
      code,
      toWire(total.isZero() ? new Decimal(0) : w.div(total).times(100).toDecimalPlaces(2)),
    ]),
  );
}
