import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { purchaseFee, sellingFee, stampDuty } from './fees.ts';
import { openingTerms } from './terms.ts';
import { ticketFigures } from './ticket.ts';

const demo = openingTerms('demo');
const tse = openingTerms('tse');

describe('fees: purchase, selling and stamp duty to the yen, with a minimum', () => {
  it('charges 0.1% rounded half up to the yen, at least ¥100', () => {
    expect(purchaseFee(demo.fees, money('2500000')).toFixed()).toBe('2500');
    expect(purchaseFee(demo.fees, money('1234567')).toFixed()).toBe('1235');
    expect(purchaseFee(demo.fees, money('50000')).toFixed()).toBe('100');
    expect(sellingFee(demo.fees, money('1234499')).toFixed()).toBe('1234');
  });

  it('charges no stamp duty under tse, and has no minimum for it', () => {
    expect(stampDuty(tse.fees, money('9999999')).toFixed()).toBe('0');
    expect(stampDuty(demo.fees, money('50000')).toFixed()).toBe('50');
  });
});

describe('the order ticket’s figures', () => {
  it('a long of 1,000 shares at ¥2,500 with 5× leverage', () => {
    const f = ticketFigures({
      side: 'long',
      price: '2500',
      shares: '1000',
      leverage: 5,
      fees: demo.fees,
      rates: demo.rates,
      available: '1000000',
    });
    expect(f.notional.toFixed()).toBe('2500000');
    expect(f.margin.toFixed()).toBe('500000');
    expect(f.purchaseFee.toFixed()).toBe('2500');
    expect(f.sellingFee.toFixed()).toBe('2500');
    expect(f.stampDuty.toFixed()).toBe('2500');
    // 7,500 of charges over 1,000 shares: ¥7.50 a share above the entry.
    expect(f.breakEven.toFixed()).toBe('2507.5');
    expect(f.borrowed.toFixed()).toBe('2000000');
    // 2,000,000 × 2.8% / 365 = 153.42 → ¥153.
    expect(f.dailyFinancing.toFixed()).toBe('153');
    expect(f.cost.toFixed()).toBe('502500');
    expect(f.availableAfter.toFixed()).toBe('497500');
  });

  it('a short breaks even below its entry; margin rounds up to the yen; 1× borrows nothing', () => {
    const f = ticketFigures({
      side: 'short',
      price: '333.3',
      shares: '100',
      leverage: 3,
      fees: tse.fees,
      rates: tse.rates,
      available: '0',
    });
    expect(f.notional.toFixed()).toBe('33330');
    expect(f.margin.toFixed()).toBe('11110');
    // ¥100 + ¥100 minimum fees over 100 shares.
    expect(f.breakEven.toFixed()).toBe('331.3');
    expect(f.availableAfter.isNegative()).toBe(true);
    const one = ticketFigures({
      ...{ side: 'long', price: '1001', shares: '300', leverage: 1 },
      fees: tse.fees,
      rates: tse.rates,
      available: '0',
    });
    expect(one.margin.toFixed()).toBe('300300');
    expect(one.borrowed.toFixed()).toBe('0');
    expect(one.dailyFinancing.toFixed()).toBe('0');
  });
});
