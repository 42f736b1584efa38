import { describe, expect, it } from 'vitest';
import { allErrorKeys } from '@kabuto/contracts/errors';
import { checkSubscription } from '@kabuto/domain/ipo/offering';
import { offeringFacts, ratioPercent, sharesDigits, stepShares, subscribeRefusalKey } from './subscription.ts';
import { subscribingOffering } from '../offering.fixture.ts';

describe('the subscription form’s pieces (issue 25)', () => {
  it('name every refusal of the one subscription check by a key the server can send', () => {
    const keys = new Set<string>(allErrorKeys());
    expect(Object.values(subscribeRefusalKey).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('read the offering’s wire times for the domain check: open now, closed an hour after closing', () => {
    const facts = offeringFacts(subscribingOffering());
    const ask = (now: Date) =>
      checkSubscription({
        offering: facts,
        now,
        shares: '100',
        alreadySubscribed: false,
        realNameVerified: true,
        available: '125000',
      });
    expect(ask(new Date())).toEqual({ ok: { amount: expect.anything() } });
    expect(ask(new Date(facts.closesAt.getTime() + 3_600_000))).toEqual({ refused: 'notInSubscriptionState' });
    expect(ask(new Date(facts.opensAt.getTime() - 1))).toEqual({ refused: 'notSubscriptionTime' });
  });

  it('keep digits only, full-width ones included', () => {
    expect(sharesDigits('１，２００株')).toBe('1200');
    expect(sharesDigits('3.5e2')).toBe('352');
    expect(sharesDigits('')).toBe('');
  });

  it('step by whole 100-share units, never below one unit', () => {
    expect(stepShares('100', 'up')).toBe('200');
    expect(stepShares('150', 'up')).toBe('200');
    expect(stepShares('150', 'down')).toBe('100');
    expect(stepShares('300', 'down')).toBe('200');
    expect(stepShares('100', 'down')).toBe('100');
    expect(stepShares('', 'up')).toBe('100');
  });

  it('write a ratio as a percent with two decimals, and nothing for an empty whole', () => {
    expect(ratioPercent(12, 340)).toBe('3.53');
    expect(ratioPercent('1000', '1000')).toBe('100.00');
    expect(ratioPercent(0, 0)).toBeNull();
  });
});
