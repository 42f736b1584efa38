import { describe, expect, it } from 'vitest';
import { emptyDraft, jstInstantOf, reviewDraft, type OfferingDraft } from './ipo-offering-form.ts';

const draft: OfferingDraft = {
  ...emptyDraft,
  code: ' 5601 ',
  nameJp: '新星ロボティクス',
  nameEn: 'Shinsei Robotics',
  nameTw: '新星機器人',
  price: '2480',
  sharesOnOffer: '50000',
  opensAt: '2026-12-01T09:00',
  closesAt: '2026-12-05T15:00',
  drawAt: '2026-12-05T15:00',
  payBy: '2026-12-09T15:00',
  listsAt: '2026-12-09T15:00',
  reason: 'New listing',
};

describe('IPO offering form (issue 25)', () => {
  it('reads a datetime-local value as JST and writes it with its +09:00 offset', () => {
    expect(jstInstantOf('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+09:00');
    expect(jstInstantOf('2026-12-31T23:59:30')).toBe('2026-12-31T23:59:30+09:00');
    // The instant is the same one the server reads: 09:00 JST is midnight UTC.
    expect(new Date(jstInstantOf('2026-12-01T09:00') ?? '').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(['', '2026-02-31T09:00', '2026-12-01T24:00', '2026-12-01 09:00'].map(jstInstantOf)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('builds the request when the terms are in order, allowing the equal times the rule allows', () => {
    const review = reviewDraft(draft);
    expect(review).toMatchObject({ missing: [], invalid: [], refusal: null });
    expect(review.request).toMatchObject({
      code: '5601',
      drawAt: '2026-12-05T15:00:00+09:00',
      listsAt: '2026-12-09T15:00:00+09:00',
      lockUpUntil: null,
      reason: 'New listing',
    });
  });

  it('refuses with the server’s keys: times out of order, price, shares, a lock-up before listing', () => {
    const refusal = (change: Partial<OfferingDraft>) => reviewDraft({ ...draft, ...change }).refusal;
    expect(refusal({ closesAt: '2026-12-01T09:00' })).toBe('errors.ipo.timesOutOfOrder');
    expect(refusal({ payBy: '2026-12-05T15:00' })).toBe('errors.ipo.timesOutOfOrder');
    expect(refusal({ price: '0' })).toBe('errors.ipo.priceInvalid');
    expect(refusal({ price: '12.25' })).toBe('errors.ipo.priceInvalid');
    expect(refusal({ price: '1,200' })).toBe('errors.ipo.priceInvalid');
    expect(refusal({ sharesOnOffer: '150' })).toBe('errors.ipo.sharesOnOfferInvalid');
    expect(refusal({ lockUp: 'until', lockUpUntil: '2026-12-09T14:59' })).toBe('errors.ipo.lockUpBeforeListing');
    expect(refusal({ lockUp: 'until', lockUpUntil: '2027-06-09T15:00' })).toBeNull();
    // A lock-up typed and then switched off is not sent.
    expect(reviewDraft({ ...draft, lockUpUntil: '2026-12-01T00:00' }).request?.lockUpUntil).toBeNull();
  });

  it('sends nothing while a field is empty or unreadable, or the reason is missing', () => {
    expect(reviewDraft(emptyDraft).missing).toHaveLength(11);
    expect(reviewDraft({ ...draft, lockUp: 'until' })).toMatchObject({ missing: ['lockUpUntil'], request: null });
    expect(reviewDraft({ ...draft, code: '56' })).toMatchObject({ invalid: ['code'], request: null });
    expect(reviewDraft({ ...draft, reason: ' x ' }).request).toBeNull();
  });
});
