import { describe, expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { constituentWeights, indexDefinitions, indexLevel } from './indices.ts';
import { findCompany, TSE_COMPANIES } from './tse-companies.ts';
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

  it('weighs the cap-weighted index by shares issued × price, so the largest companies lead (issue 17 §14)', () => {
    const weights = constituentWeights(capWeighted!, atBase);
    const percent = (code: string) => Number(weights.get(code));
    const ranked = [...weights].sort((a, b) => Number(b[1]) - Number(a[1])).map(([code]) => code);
    // Toyota, Sony and MUFG are among Japan's largest companies by market value; SMC and NTT were 6.45% and 0.01%.
    for (const code of ['7203', '6758', '8306']) expect(ranked.slice(0, 10), code).toContain(code);
    expect(percent('6273')).toBeLessThan(1);
    expect(percent('9432')).toBeGreaterThan(1);
    expect(percent('7203')).toBeGreaterThan(3);
    const toyota = findCompany('7203')!;
    expect(capWeighted!.shares.get('7203')).toBe(toyota.sharesIssued);
  });
});
