import { describe, expect, it } from 'vitest';
import { bannerKey } from './market-banner.tsx';

describe('market banner sentence (UX "Shell")', () => {
  it('says demo for the always-open profile', () => {
    expect(bannerKey({ profile: 'demo', open: true, phase: 'continuous', nextOpen: null })).toBe('demo');
  });

  it('says open, lunch break or closed with the next opening for the TSE profile', () => {
    expect(bannerKey({ profile: 'tse', open: true, phase: 'morning', nextOpen: null })).toBe('tseOpen');
    expect(bannerKey({ profile: 'tse', open: true, phase: 'closingAuction', nextOpen: null })).toBe('tseOpen');
    expect(bannerKey({ profile: 'tse', open: false, phase: 'lunch', nextOpen: '2026-06-15T03:30:00.000Z' })).toBe(
      'tseLunch',
    );
    expect(bannerKey({ profile: 'tse', open: false, phase: 'closed', nextOpen: '2026-06-15T00:00:00.000Z' })).toBe(
      'tseClosed',
    );
    expect(bannerKey({ profile: 'tse', open: false, phase: 'closed', nextOpen: null })).toBe('tseClosedNoDate');
  });
});
