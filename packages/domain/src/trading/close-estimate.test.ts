import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { closeEstimate, type CloseEstimate, type CloseEstimateInput } from './close-estimate.ts';
import { closeSettlement } from './settlement.ts';
import { openingTerms } from './terms.ts';

const tse = openingTerms('tse').fees;
const demo = openingTerms('demo').fees;

/** 100 shares of a 2× long opened at ¥3,000: margin ¥150,000, purchase fee ¥300, ¥23 of financing paid. */
const long: CloseEstimateInput = {
  side: 'long',
  openPrice: '3000',
  shares: '100',
  margin: '150000',
  addedMargin: '0',
  purchaseFee: '300',
  financing: '23',
  fees: tse,
  price: '3100',
  available: '500000',
};

const text = (e: CloseEstimate) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v.toFixed()]));

describe('the close estimate: what closing now would charge and return', () => {
  it('a long closing at the bid under tse: a selling fee, no stamp duty, net of the opening fee and financing', () => {
    expect(text(closeEstimate(long))).toEqual({
      price: '3100',
      grossPnl: '10000',
      sellingFee: '310',
      stampDuty: '0',
      charges: '633',
      otherCharges: '323',
      // 10,000 − 310 − 0 − 300 − 23
      netResult: '9367',
      // 150,000 + 10,000 − 310: the opening fee and financing were paid from available before
      toAvailable: '159690',
      lossBeyondMargin: '0',
      houseAbsorbs: '0',
    });
  });

  it('charges stamp duty on the sale under the demo terms', () => {
    const e = closeEstimate({ ...long, fees: demo });
    expect([e.stampDuty, e.otherCharges, e.netResult, e.toAvailable].map((d) => d.toFixed())).toEqual([
      '310',
      '633',
      '9057',
      '159380',
    ]);
  });

  it('a short closing at the ask pays a buy-back fee and loses when the price rose', () => {
    const e = closeEstimate({
      ...long,
      side: 'short',
      margin: '60000',
      financing: '0',
      price: '3050',
    });
    expect([e.grossPnl, e.sellingFee, e.netResult, e.toAvailable].map((d) => d.toFixed())).toEqual([
      '-5000',
      '305',
      '-5605',
      '54695',
    ]);
  });

  it('charges at least the minimum fee on a small close', () => {
    expect(closeEstimate({ ...long, openPrice: '500', price: '500' }).sellingFee.toFixed()).toBe('100');
  });

  it('counts added margin in what returns, not in the result', () => {
    const e = closeEstimate({ ...long, addedMargin: '20000' });
    expect([e.netResult.toFixed(), e.toAvailable.toFixed()]).toEqual(['9367', '179690']);
  });

  describe('a loss beyond the margin', () => {
    // 1,000 shares at ¥1,000 with 5×: margin ¥200,000 and ¥10,000 added; closing at ¥780 loses ¥220,000 + ¥780 fee.
    const deep: CloseEstimateInput = {
      ...long,
      openPrice: '1000',
      shares: '1000',
      margin: '200000',
      addedMargin: '10000',
      purchaseFee: '1000',
      financing: '0',
      price: '780',
    };

    it('is taken from available funds when they cover it', () => {
      const e = closeEstimate({ ...deep, available: '50000' });
      expect([e.toAvailable, e.lossBeyondMargin, e.houseAbsorbs].map((d) => d.toFixed())).toEqual([
        '-10780',
        '10780',
        '0',
      ]);
    });

    it('takes what available funds hold, and the house bears the rest (the member never owes more)', () => {
      const e = closeEstimate({ ...deep, available: '5000' });
      expect([e.toAvailable, e.lossBeyondMargin, e.houseAbsorbs].map((d) => d.toFixed())).toEqual([
        '-5000',
        '10780',
        '5780',
      ]);
      // The net result is the position's result whoever bears the shortfall.
      expect(e.netResult.toFixed()).toBe('-221780');
    });

    it('assumes available funds cover it when they are not known', () => {
      const e = closeEstimate({ ...deep, available: null });
      expect([e.toAvailable, e.houseAbsorbs].map((d) => d.toFixed())).toEqual(['-10780', '0']);
    });
  });

  it('returns what the close’s own settlement posts to available, at any price', () => {
    for (const price of ['1', '2999', '3000', '3001', '4500', '9999.5']) {
      for (const available of ['0', '1000', '10000000']) {
        const e = closeEstimate({ ...long, price, available });
        const settled = closeSettlement({
          memberId: 'm',
          held: money('150000'),
          pnl: e.grossPnl,
          charges: e.sellingFee.plus(e.stampDuty),
          available: money(available),
        });
        expect(e.toAvailable.toFixed()).toBe(settled.toAvailable.toFixed());
        expect(e.houseAbsorbs.toFixed()).toBe(settled.houseAbsorbs.toFixed());
        expect(e.netResult.toFixed()).toBe(e.grossPnl.minus(e.charges).toFixed());
      }
    }
  });
});
