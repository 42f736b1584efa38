import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import {
  emptyGrabWindowDraft,
  grabRefusalFields,
  grabWindowOffered,
  reviewGrabWindow,
  type GrabWindowDraft,
  type GrabWindowOffering,
} from './ipo-grab-window-form.ts';

// An offering drawn on 2026-12-06, purchase deadline 2026-12-09 15:00 JST, listing 2026-12-15 09:00 JST.
const lapsed: GrabWindowOffering = {
  id: '2',
  phase: 'drawn',
  payBy: '2026-12-09T06:00:00.000Z',
  listsAt: '2026-12-15T00:00:00.000Z',
  allocated: '10000',
  grab: null,
};
/** 2026-12-10 10:00 JST: the deadline has passed. */
const now = new Date('2026-12-10T01:00:00.000Z');
const draft: GrabWindowDraft = {
  opensAt: '2026-12-11T09:00',
  closesAt: '2026-12-11T15:00',
  reason: 'Re-offer the 1,200 lapsed shares',
};

describe('IPO grab window form (issue 25 grab shares)', () => {
  it('is offered for a drawn offering past its purchase deadline with no window yet, and for no other', () => {
    expect(grabWindowOffered(lapsed, now)).toBe(true);
    expect(grabWindowOffered(lapsed, new Date('2026-12-09T05:59:59.000Z'))).toBe(false);
    expect(grabWindowOffered({ ...lapsed, phase: 'listed' }, now)).toBe(false);
    expect(grabWindowOffered({ ...lapsed, phase: 'ended' }, now)).toBe(false);
    const set = { opensAt: '', closesAt: '', shares: '1200', taken: '0', phase: 'open' as const };
    expect(grabWindowOffered({ ...lapsed, grab: set }, now)).toBe(false);
  });

  it('builds the request with the times as JST instants and the reason trimmed', () => {
    const review = reviewGrabWindow({ ...draft, reason: `  ${draft.reason}  ` }, lapsed, now);
    expect(review).toEqual({
      missing: [],
      invalid: [],
      refusal: null,
      request: {
        id: '2',
        opensAt: '2026-12-11T09:00:00+09:00',
        closesAt: '2026-12-11T15:00:00+09:00',
        reason: 'Re-offer the 1,200 lapsed shares',
      },
    });
    // Closing exactly at the listing is allowed; an opening already past is too, while the close is ahead.
    expect(reviewGrabWindow({ ...draft, closesAt: '2026-12-15T09:00' }, lapsed, now).refusal).toBeNull();
    expect(reviewGrabWindow({ ...draft, opensAt: '2026-12-10T09:00' }, lapsed, now).refusal).toBeNull();
  });

  it('refuses with the server’s keys, by the same checkGrabWindow', () => {
    const refusal = (change: Partial<GrabWindowDraft>, o: GrabWindowOffering = lapsed, at = now) =>
      reviewGrabWindow({ ...draft, ...change }, o, at).refusal;
    expect(refusal({ closesAt: draft.opensAt })).toBe(errorKeys.ipo.grabTimesOutOfOrder);
    expect(refusal({ closesAt: '2026-12-15T09:01' })).toBe(errorKeys.ipo.grabTimesOutOfOrder);
    expect(refusal({ opensAt: '2026-12-10T08:00', closesAt: '2026-12-10T09:59' })).toBe(errorKeys.ipo.timesInPast);
    expect(refusal({}, { ...lapsed, allocated: '0' })).toBe(errorKeys.ipo.nothingToGrab);
    expect(refusal({}, lapsed, new Date('2026-12-09T05:00:00.000Z'))).toBe(errorKeys.ipo.notLapsed);
    expect(reviewGrabWindow({ ...draft, closesAt: draft.opensAt }, lapsed, now).request).toBeNull();
    expect(grabRefusalFields(errorKeys.ipo.grabTimesOutOfOrder)).toEqual(['opensAt', 'closesAt']);
    expect(grabRefusalFields(errorKeys.ipo.timesInPast)).toEqual(['closesAt']);
    expect(grabRefusalFields(errorKeys.ipo.nothingToGrab)).toEqual([]);
  });

  it('sends nothing while a time is empty or unreadable, or the reason is missing', () => {
    expect(reviewGrabWindow(emptyGrabWindowDraft, lapsed, now)).toEqual({
      missing: ['opensAt', 'closesAt'],
      invalid: [],
      refusal: null,
      request: null,
    });
    expect(reviewGrabWindow({ ...draft, closesAt: '2026-02-31T09:00' }, lapsed, now)).toMatchObject({
      invalid: ['closesAt'],
      request: null,
    });
    expect(reviewGrabWindow({ ...draft, reason: ' x ' }, lapsed, now)).toMatchObject({ refusal: null, request: null });
  });
});
