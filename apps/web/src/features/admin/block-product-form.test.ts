import { describe, expect, it } from 'vitest';
import {
  emptyProductDraft,
  reviewProductDraft,
  stockDayOf,
  type ProductDraft,
  type StockDay,
} from './block-product-form.ts';

const now = new Date('2026-11-30T00:00:00.000Z');
/** A standard-table stock whose day runs from ¥2,200 to ¥3,200. */
const day: StockDay = stockDayOf({ topix500: false, limitUp: '3200', limitDown: '2200' });

const draft: ProductDraft = {
  ...emptyProductDraft,
  code: ' 7203 ',
  price: '2480',
  minAmount: '248000',
  maxShares: '10000',
  dailyLimit: '3',
  opensAt: '2026-12-01T09:00',
  closesAt: '2026-12-05T15:00',
  reason: 'Holder distribution, approved by the desk',
};

const refusal = (change: Partial<ProductDraft>, on: StockDay | null = day) =>
  reviewProductDraft({ ...draft, ...change }, on, now).refusal;

describe('block-trade product form (issue 25)', () => {
  it('builds the request when the terms are in order: JST instants, a number for the daily limit, no password', () => {
    const review = reviewProductDraft(draft, day, now);
    expect(review).toMatchObject({ missing: [], invalid: [], refusal: null, priceChecked: true });
    expect(review.request).toEqual({
      code: '7203',
      price: '2480',
      minAmount: '248000',
      maxShares: '10000',
      dailyLimit: 3,
      opensAt: '2026-12-01T09:00:00+09:00',
      closesAt: '2026-12-05T15:00:00+09:00',
      lockUpUntil: null,
      password: null,
      seatOnly: false,
      reason: 'Holder distribution, approved by the desk',
    });
  });

  it('sends the lock-up, the channel password as typed and the seat rule when they are set', () => {
    const request = reviewProductDraft(
      { ...draft, lockUp: 'until', lockUpUntil: '2027-03-01T09:00', password: 'kabuto 25', seatOnly: true },
      day,
      now,
    ).request;
    expect(request).toMatchObject({
      lockUpUntil: '2027-03-01T09:00:00+09:00',
      password: 'kabuto 25',
      seatOnly: true,
    });
    // A lock-up typed and then switched off is not sent.
    expect(reviewProductDraft({ ...draft, lockUpUntil: '2026-12-01T00:00' }, day, now).request?.lockUpUntil).toBeNull();
  });

  it('holds the price to the stock’s tick grid and the day’s limits, with the server’s keys', () => {
    expect(refusal({ price: '2480.5' })).toBe('errors.trade.priceOffGrid');
    // The same price is on the finer TOPIX 500 grid.
    expect(refusal({ price: '2480.5' }, stockDayOf({ topix500: true, limitUp: '3200', limitDown: '2200' }))).toBeNull();
    expect(refusal({ price: '3300' })).toBe('errors.trade.exceedsPriceLimit');
    expect(refusal({ price: '2100', minAmount: '210000' })).toBe('errors.trade.exceedsPriceLimit');
    expect(refusal({ price: '3200', minAmount: '320000' })).toBeNull(); // at the limit is inside it
  });

  it('refuses the price, amounts, count and times the server would refuse', () => {
    expect(refusal({ price: '0' })).toBe('errors.block.priceInvalid');
    expect(refusal({ price: '12.25' })).toBe('errors.block.priceInvalid');
    expect(refusal({ price: '1,200' })).toBe('errors.block.priceInvalid');
    expect(refusal({ minAmount: '248000.5' })).toBe('errors.block.minAmountInvalid');
    expect(refusal({ minAmount: '0' })).toBe('errors.block.minAmountInvalid');
    // The most a member may buy (100 shares × ¥2,480) must reach the minimum, or nobody could apply.
    expect(refusal({ maxShares: '100', minAmount: '300000' })).toBe('errors.block.minAmountInvalid');
    expect(refusal({ maxShares: '150' })).toBe('errors.block.maxSharesInvalid');
    expect(refusal({ dailyLimit: '0' })).toBe('errors.block.dailyLimitInvalid');
    expect(refusal({ dailyLimit: '101' })).toBe('errors.block.dailyLimitInvalid');
    expect(refusal({ dailyLimit: '1.5' })).toBe('errors.block.dailyLimitInvalid');
    expect(refusal({ dailyLimit: '100' })).toBeNull();
    expect(refusal({ closesAt: '2026-12-01T09:00' })).toBe('errors.block.timesOutOfOrder');
    expect(refusal({ opensAt: '2026-11-20T09:00', closesAt: '2026-11-30T08:59' })).toBe('errors.block.timesInPast');
    // A window already open that has not closed is allowed.
    expect(refusal({ opensAt: '2026-11-20T09:00' })).toBeNull();
    expect(refusal({ lockUp: 'until', lockUpUntil: '2026-12-05T14:59' })).toBe('errors.block.lockUpBeforeClose');
    expect(refusal({ lockUp: 'until', lockUpUntil: '2026-12-05T15:00' })).toBeNull();
  });

  it('without the quote checks everything but the stock’s grid and limits, and says so', () => {
    const review = reviewProductDraft({ ...draft, price: '2480.5' }, null, now);
    expect(review).toMatchObject({ refusal: null, priceChecked: false });
    expect(review.request?.price).toBe('2480.5');
    expect(refusal({ price: '0' }, null)).toBe('errors.block.priceInvalid');
    expect(refusal({ maxShares: '150' }, null)).toBe('errors.block.maxSharesInvalid');
    expect(refusal({ closesAt: '2026-11-29T15:00', opensAt: '2026-11-29T09:00' }, null)).toBe(
      'errors.block.timesInPast',
    );
  });

  it('sends nothing while a field is empty or unreadable, the password is too short or long, or the reason missing', () => {
    expect(reviewProductDraft(emptyProductDraft, day, now)).toMatchObject({
      missing: ['code', 'price', 'minAmount', 'maxShares', 'dailyLimit', 'opensAt', 'closesAt'],
      request: null,
    });
    const review = (change: Partial<ProductDraft>) => reviewProductDraft({ ...draft, ...change }, day, now);
    expect(review({ lockUp: 'until' })).toMatchObject({ missing: ['lockUpUntil'], request: null });
    expect(review({ code: '72' })).toMatchObject({ invalid: ['code'], request: null });
    expect(review({ closesAt: '2026-02-31T15:00' })).toMatchObject({ invalid: ['closesAt'], request: null });
    expect(review({ password: 'abc' })).toMatchObject({ invalid: ['password'], request: null });
    expect(review({ password: 'x'.repeat(65) })).toMatchObject({ invalid: ['password'], request: null });
    expect(review({ password: 'abcd' }).request?.password).toBe('abcd');
    expect(review({ reason: ' x ' }).request).toBeNull();
  });
});
