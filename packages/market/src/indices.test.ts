import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { constituentWeights, indexDefinitions, indexLevel, simulatedShares } from './indices.ts';
import { TSE_COMPANIES } from './tse-companies.ts';
import type { PricePoint } from './indices.ts';

const [priceWeighted, capWeighted] = indexDefinitions(TSE_COMPANIES);
const atBase = new Map<string, PricePoint>(
  TSE_COMPANIES.map((c) => [c.code, { last: c.basePrice, prevClose: c.basePrice, basePrice: c.basePrice }]),
);

describe('simulated price-weighted and cap-weighted indices', () => {
  it('stand at their base values when every constituent is at its base price', () => {
    expect(indexLevel(priceWeighted!, atBase)).toEqual({ value: '10000', prevClose: '10000' });
    expect(indexLevel(capWeighted!, atBase)).toEqual({ value: '1000', prevClose: '1000' });
  });

  it('move a price-weighted index by price and a cap-weighted one by price × shares', () => {
    const [a, b] = priceWeighted!.constituents;
    const moved = new Map(atBase);
    const pa = atBase.get(a!)!;
    moved.set(a!, { ...pa, last: money(pa.last).times(2).toString() });
    const pw = indexLevel(priceWeighted!, moved);
    const sumBase = priceWeighted!.constituents.reduce((s, code) => s.plus(atBase.get(code)!.basePrice), money('0'));
    expect(pw.value).toBe(money('10000').times(sumBase.plus(pa.basePrice)).div(sumBase).toDecimalPlaces(2).toString());
    expect(pw.prevClose).toBe('10000');
    const weights = constituentWeights(capWeighted!, atBase);
    const total = [...weights.values()].reduce((s, w) => s.plus(w), money('0'));
    expect(total.minus(100).abs().lte(1)).toBe(true);
    expect(b).toBeDefined();
  });

  it('uses made-up share counts between 100 million and 3 billion, fixed per code', () => {
    for (const c of TSE_COMPANIES) {
      const shares = simulatedShares(c.code);
      expect(shares.gte(100_000_000) && shares.lte(3_000_000_000)).toBe(true);
      expect(simulatedShares(c.code).eq(shares)).toBe(true);
    }
  });
});
