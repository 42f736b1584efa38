import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TSE_COMPANIES } from '@kabuto/market/tse-companies';
import { indexDefinitions, type PricePoint } from '@kabuto/market/indices';
import { indexBook, indexWires } from './market-indices.ts';

// Issue 17 §13: the feed keeps the indices per trade instead of summing every constituent each step; the levels must
// be exactly those of the full sum over the same prices.
describe('indices kept per trade', () => {
  it('equal the full computation after any price changes', () => {
    const companies = TSE_COMPANIES.slice(0, 40);
    const definitions = indexDefinitions(companies);
    const price = fc.integer({ min: 1, max: 200_000 }).map((n) => (n % 2 ? `${n}.5` : String(n)));
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(), last: price, prevClose: fc.option(price) }), { maxLength: 60 }),
        (moves) => {
          const prices = new Map<string, PricePoint>(
            companies.map((c) => [c.code, { last: c.basePrice, prevClose: c.basePrice, basePrice: c.basePrice }]),
          );
          const book = indexBook(definitions, prices);
          for (const m of moves) {
            const c = companies[m.at % companies.length];
            if (!c) continue;
            const old = prices.get(c.code) as PricePoint;
            const point = { ...old, last: m.last, prevClose: m.prevClose ?? old.prevClose };
            prices.set(c.code, point);
            book.set(c.code, point);
          }
          expect(book.wires('7', 'simulated')).toEqual(indexWires(definitions, prices, '7', 'simulated'));
        },
      ),
      { numRuns: 200 },
    );
  });
});
