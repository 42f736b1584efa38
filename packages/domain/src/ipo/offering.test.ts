import { describe, expect, it } from 'vitest';
import { assertBalanced } from '../ledger/journal.ts';
import { Decimal } from '../money.ts';
import {
  cancelEntry,
  checkSubscription,
  checkTerms,
  drawn,
  lapse,
  offeringPhase,
  pay,
  subscribe,
  type EntryState,
  type OfferingFacts,
} from './offering.ts';

const at = (iso: string) => new Date(iso);
const offering: OfferingFacts = {
  price: '1250',
  sharesOnOffer: '10000',
  opensAt: at('2026-12-01T00:00:00Z'),
  closesAt: at('2026-12-05T06:00:00Z'),
  drawAt: at('2026-12-06T01:00:00Z'),
  payBy: at('2026-12-09T06:00:00Z'),
  listsAt: at('2026-12-15T00:00:00Z'),
  drawnAt: null,
  listedAt: null,
  cancelledAt: null,
};
const during = at('2026-12-02T03:00:00Z');
const asking = {
  offering,
  now: during,
  shares: '300',
  alreadySubscribed: false,
  realNameVerified: true,
  available: '1000000',
};

/** The sum each book moves by, for checking where the money went. */
const moves = (lines: readonly { account: object; amount: Decimal }[]) =>
  Object.fromEntries(lines.map((l) => [JSON.stringify(l.account), l.amount.toFixed()]));

describe('IPO offering rules (issue 25)', () => {
  it('follows SPEC §4’s states from its times and from the draw and listing having happened', () => {
    expect(offeringPhase(offering, at('2026-11-30T00:00:00Z'))).toBe('notYetOpen');
    expect(offeringPhase(offering, during)).toBe('subscribing');
    expect(offeringPhase(offering, at('2026-12-05T06:00:00Z'))).toBe('ended');
    expect(offeringPhase({ ...offering, drawnAt: offering.drawAt }, at('2026-12-07T00:00:00Z'))).toBe('drawn');
    expect(offeringPhase({ ...offering, drawnAt: offering.drawAt, listedAt: offering.listsAt }, offering.listsAt)).toBe(
      'listed',
    );
    expect(offeringPhase({ ...offering, cancelledAt: during }, during)).toBe('cancelled');
  });

  it('refuses staff terms whose times are out of order, or whose price or offer is not usable', () => {
    expect(checkTerms(offering)).toBeNull();
    expect(checkTerms({ ...offering, drawAt: at('2026-12-05T05:00:00Z') })).toBe('timesOutOfOrder');
    expect(checkTerms({ ...offering, listsAt: at('2026-12-08T00:00:00Z') })).toBe('timesOutOfOrder');
    expect(checkTerms({ ...offering, price: '0' })).toBe('priceInvalid');
    expect(checkTerms({ ...offering, sharesOnOffer: '150' })).toBe('sharesInvalid');
  });

  it('takes one subscription per member, in the window, in whole units, verified, within available money', () => {
    expect(checkSubscription(asking)).toEqual({ ok: { amount: new Decimal('375000') } });
    expect(checkSubscription({ ...asking, now: at('2026-11-30T00:00:00Z') })).toEqual({
      refused: 'notSubscriptionTime',
    });
    expect(checkSubscription({ ...asking, now: offering.closesAt })).toEqual({ refused: 'notInSubscriptionState' });
    expect(checkSubscription({ ...asking, alreadySubscribed: true })).toEqual({ refused: 'notInSubscriptionState' });
    expect(checkSubscription({ ...asking, shares: '250' })).toEqual({ refused: 'sharesRequired' });
    expect(checkSubscription({ ...asking, shares: '' })).toEqual({ refused: 'sharesRequired' });
    expect(checkSubscription({ ...asking, realNameVerified: false })).toEqual({ refused: 'realNameRequired' });
    expect(checkSubscription({ ...asking, available: '374999' })).toEqual({ refused: 'insufficientBalance' });
  });

  it('holds at subscription, releases what was not won at the draw, moves the amount due to margin on payment', () => {
    const held = subscribe('m1', new Decimal('375000'));
    assertBalanced(held.lines);
    expect(moves(held.lines)).toEqual({
      '{"member":"m1","book":"available"}': '-375000',
      '{"member":"m1","book":"frozen"}': '375000',
    });
    const entry: EntryState = { memberId: 'm1', status: 'awaitingDraw', held: '375000', won: '0' };

    const won = drawn(entry, { won: '100', price: '1250' });
    if ('refused' in won) throw new Error('refused');
    expect([won.status, won.held.toFixed()]).toEqual(['won', '125000']);
    expect(moves(won.lines)).toEqual({
      '{"member":"m1","book":"frozen"}': '-250000',
      '{"member":"m1","book":"available"}': '250000',
    });
    const winner: EntryState = { ...entry, status: 'won', held: '125000', won: '100' };
    const paid = pay(winner, { now: at('2026-12-08T00:00:00Z'), payBy: offering.payBy });
    if ('refused' in paid) throw new Error('refused');
    expect(moves(paid.lines)).toEqual({
      '{"member":"m1","book":"frozen"}': '-125000',
      '{"member":"m1","book":"margin"}': '125000',
    });
    expect(pay({ ...winner, status: 'paid' }, { now: during, payBy: offering.payBy })).toEqual({
      refused: 'notInSubscriptionState',
    });
    expect(pay(winner, { now: offering.payBy, payBy: offering.payBy })).toEqual({ refused: 'notInSubscriptionState' });
  });

  it('returns the whole hold to an entry that did not win, to a lapsed win, and when staff cancel before the draw', () => {
    const entry: EntryState = { memberId: 'm2', status: 'awaitingDraw', held: '125000', won: '0' };
    const lost = drawn(entry, { won: '0', price: '1250' });
    if ('refused' in lost) throw new Error('refused');
    expect([lost.status, moves(lost.lines)['{"member":"m2","book":"available"}']]).toEqual(['notWon', '125000']);
    expect(drawn({ ...entry, status: 'notWon' }, { won: '0', price: '1250' })).toEqual({ refused: 'notAwaitingDraw' });
    const lapsed = lapse({ ...entry, status: 'won', won: '100' });
    expect([lapsed?.status, lapsed && moves(lapsed.lines)['{"member":"m2","book":"available"}']]).toEqual([
      'lapsed',
      '125000',
    ]);
    expect(lapse({ ...entry, status: 'paid' })).toBeNull();
    expect(cancelEntry(entry)?.status).toBe('cancelled');
    expect(cancelEntry({ ...entry, status: 'won' })).toBeNull();
    // A win never costs more than its hold.
    expect(() => drawn(entry, { won: '200', price: '1250' })).toThrow(/hold/);
  });
});
