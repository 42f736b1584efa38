import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../money.ts';
import { assertBalanced, transfer, UnbalancedEntryError, type PostingLine } from './journal.ts';

const alice = { member: 'a', book: 'available' } as const;
const clearing = { house: 'bank_clearing' } as const;

describe('journal entries balance per currency', () => {
  it('accepts a transfer', () => {
    expect(() => assertBalanced(transfer(clearing, alice, 'JPY', new Decimal('1000.50')))).not.toThrow();
  });

  it('refuses an entry that creates money', () => {
    const lines: PostingLine[] = [
      { account: clearing, currency: 'JPY', amount: new Decimal('-1000') },
      { account: alice, currency: 'JPY', amount: new Decimal('1000.01') },
    ];
    expect(() => assertBalanced(lines)).toThrow(UnbalancedEntryError);
  });

  it('refuses a cross-currency entry that balances only in total', () => {
    const lines: PostingLine[] = [
      { account: alice, currency: 'JPY', amount: new Decimal('-100') },
      { account: alice, currency: 'USD', amount: new Decimal('100') },
    ];
    expect(() => assertBalanced(lines)).toThrow(/JPY/);
  });

  it('refuses zero lines and single lines', () => {
    expect(() =>
      assertBalanced([
        { account: alice, currency: 'JPY', amount: new Decimal(0) },
        { account: clearing, currency: 'JPY', amount: new Decimal(0) },
      ]),
    ).toThrow();
    expect(() => assertBalanced([{ account: alice, currency: 'JPY', amount: new Decimal(1) }])).toThrow();
  });

  it('any chain of transfers of random amounts balances exactly', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, scale]) => new Decimal(units.toString()).div(new Decimal(10).pow(scale)));
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 20 }), (amounts) => {
        const lines = amounts.flatMap((a) => transfer(clearing, alice, 'JPY', a));
        assertBalanced(lines);
      }),
    );
  });
});
