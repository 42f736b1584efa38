import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, money, toWire } from '../money.ts';
import { currencies, currencyDecimals } from '../currency.ts';
import { assertBalanced } from '../ledger/journal.ts';
import { receivedAmount } from './received-amount.ts';

// Issue 3: random amounts through every conversion and rounding point, checking nothing drifts.
const amountArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 2 }))
  .map(([u, s]) => new Decimal(u.toString()).div(new Decimal(10).pow(s)));
// Rates between 1e-10 and 1e6 (VND per INR and the like stay far inside), amounts up to the contract's 15 digits.
const rateArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.integer({ min: 4, max: 20 }))
  .map(([u, s]) => new Decimal(u.toString()).div(new Decimal(10).pow(s)));
const currencyArb = fc.constantFrom(...currencies);

describe('the fx rounding point and the wire', () => {
  it('the received amount is the exact product cut down to the target currency’s minor unit', () => {
    fc.assert(
      fc.property(amountArb, rateArb, currencyArb, (amount, rate, to) => {
        const exact = amount.times(rate);
        const got = receivedAmount(amount, rate, to);
        const unit = new Decimal(1).div(new Decimal(10).pow(currencyDecimals[to]));
        expect(got.lte(exact)).toBe(true);
        expect(exact.minus(got).lt(unit)).toBe(true);
        expect(got.decimalPlaces()).toBeLessThanOrEqual(currencyDecimals[to]);
      }),
    );
  });

  it('amounts survive the wire and the four postings of an exchange balance exactly', () => {
    fc.assert(
      fc.property(
        amountArb,
        rateArb,
        fc.constantFrom('USD', 'JPY', 'TWD') as fc.Arbitrary<'USD' | 'JPY' | 'TWD'>,
        (amount, rate, to) => {
          const toAmount = receivedAmount(amount, rate, to);
          fc.pre(toAmount.gt(0));
          const wired = money(toWire(toAmount));
          expect(wired.eq(toAmount)).toBe(true);
          const member = { member: 'm', book: 'available' } as const;
          const fx = { house: 'fx' } as const;
          expect(() =>
            assertBalanced([
              { account: member, currency: 'CNY', amount: amount.negated() },
              { account: fx, currency: 'CNY', amount },
              { account: fx, currency: to, amount: wired.negated() },
              { account: member, currency: to, amount: wired },
            ]),
          ).not.toThrow();
        },
      ),
    );
  });
});
