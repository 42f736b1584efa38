import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../money.ts';
import { assertBalanced, type PostingLine } from '../ledger/journal.ts';
import { openingTerms } from './terms.ts';
import { ticketFigures } from './ticket.ts';
import { pnlAt } from './margin.ts';
import { sellingFee, stampDuty } from './fees.ts';
import {
  closeSettlement,
  fillFromHoldLines,
  financingLines,
  holdLines,
  openLines,
  releaseLines,
} from './settlement.ts';
import { dailyFinancing } from './financing.ts';

type Books = Map<string, Decimal>;
const apply = (books: Books, lines: PostingLine[]) => {
  assertBalanced(lines);
  for (const l of lines) {
    const key = 'house' in l.account ? `house:${l.account.house}` : l.account.book;
    books.set(key, (books.get(key) ?? new Decimal(0)).plus(l.amount));
  }
};
const get = (b: Books, k: string) => b.get(k) ?? new Decimal(0);

const step = fc.record({
  side: fc.constantFrom('long' as const, 'short' as const),
  limit: fc.boolean(),
  cancel: fc.boolean(),
  entry: fc.integer({ min: 100, max: 20_000 }),
  exitMove: fc.integer({ min: -60, max: 60 }),
  units: fc.integer({ min: 1, max: 50 }),
  leverage: fc.constantFrom(1, 2, 3, 5),
  days: fc.integer({ min: 0, max: 5 }),
});

describe('random order sequences keep the ledger balanced and no member balance negative (issue 18)', () => {
  it('opens, holds, cancels, finances and closes without creating money or a negative book', () => {
    const terms = openingTerms('demo');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), fc.array(step, { maxLength: 12 }), (deposit, steps) => {
        const books: Books = new Map([
          ['available', new Decimal(deposit)],
          ['house:bank_clearing', new Decimal(-deposit)],
        ]);
        for (const s of steps) {
          const shares = String(s.units * 100);
          const f = ticketFigures({
            side: s.side,
            price: String(s.entry),
            shares,
            leverage: s.leverage,
            fees: terms.fees,
            rates: terms.rates,
            available: get(books, 'available').toFixed(),
          });
          // The service refuses an order the member cannot pay for; so does this model.
          if (f.availableAfter.isNegative()) continue;
          if (s.limit) {
            apply(books, holdLines('m', f.cost));
            if (s.cancel) {
              apply(books, releaseLines('m', f.cost));
              continue;
            }
            apply(books, fillFromHoldLines('m', f.cost, f.margin, f.purchaseFee));
          } else apply(books, openLines('m', f.margin, f.purchaseFee));
          let held = f.margin;
          for (let d = 0; d < s.days; d++) {
            const charge = dailyFinancing(s.side, f.borrowed, terms.rates);
            if (charge.isZero()) break;
            const fin = financingLines('m', charge, get(books, 'available'));
            apply(books, fin.lines);
            held = held.minus(fin.fromMargin);
          }
          const exit = new Decimal(s.entry)
            .times(100 + s.exitMove)
            .div(100)
            .toDecimalPlaces(1);
          const exitNotional = exit.times(shares);
          const settle = closeSettlement({
            memberId: 'm',
            held,
            pnl: pnlAt(s.side, String(s.entry), exit, shares),
            charges: sellingFee(terms.fees, exitNotional).plus(stampDuty(terms.fees, exitNotional)),
            available: get(books, 'available'),
          });
          apply(books, settle.lines);
          expect(settle.houseAbsorbs.isNegative()).toBe(false);
        }
        for (const book of ['available', 'frozen', 'margin']) expect(get(books, book).isNegative()).toBe(false);
        expect(get(books, 'frozen').isZero()).toBe(true);
        expect(get(books, 'margin').isZero()).toBe(true);
        const total = [...books.values()].reduce((a, b) => a.plus(b), new Decimal(0));
        expect(total.isZero()).toBe(true);
      }),
    );
  });
});
