import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareDecimals, decimalSortKey, listOrders, rankQuotes, type Rankable } from '@kabuto/domain/market/ranking';
import { rankings } from './rankings.ts';

const decimal = fc
  .tuple(fc.constantFrom('', '-'), fc.stringMatching(/^\d{1,14}$/), fc.option(fc.stringMatching(/^\d{1,4}$/)))
  .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === null ? '' : `.${fraction}`}`);

describe('decimal sort keys (issue 17 §13)', () => {
  it('order as the numbers do', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const x = decimalSortKey(a);
        const y = decimalSortKey(b);
        expect(x < y ? -1 : x > y ? 1 : 0).toBe(compareDecimals(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});

interface Item {
  figures: Rankable;
  delisted: boolean;
}

describe('rankings kept in order as ticks arrive', () => {
  it('equal a full sort of the market in every order after any changes', () => {
    const change = fc.record({
      at: fc.nat(),
      changePercent: decimal,
      turnover: decimal.map((d) => d.replace('-', '')),
      delisted: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ changePercent: decimal, turnover: decimal.map((d) => d.replace('-', '')) }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.array(change, { maxLength: 10 }), { maxLength: 6 }),
        (start, steps) => {
          const items: Item[] = start.map((f, i) => ({
            figures: { symbol: String(1000 + i), ...f },
            delisted: false,
          }));
          const ranks = rankings(
            items,
            (item) => item.figures,
            (item) => !item.delisted,
          );
          for (const step of steps) {
            for (const c of step) {
              const item = items[c.at % items.length] as Item;
              item.figures = { ...item.figures, changePercent: c.changePercent, turnover: c.turnover };
              const wasDelisted = item.delisted;
              item.delisted = c.delisted && c.at % 5 === 0;
              ranks.touch(item, item.delisted !== wasDelisted);
            }
            const listed = items.filter((i) => !i.delisted).map((i) => i.figures);
            for (const order of listOrders)
              expect(ranks.ranked(order).map((i) => i.figures.symbol)).toEqual(
                rankQuotes(listed, order).map((f) => f.symbol),
              );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
