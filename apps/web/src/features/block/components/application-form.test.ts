import { describe, expect, it } from 'vitest';
import { allErrorKeys } from '@kabuto/contracts/errors';
import { applyRefusalKey, checkForm, maximumShares, minimumShares } from './application-form.ts';
import { hoursFromNow, productDetail } from '../block.fixture.ts';

describe('the block-trade form’s pieces (issue 25)', () => {
  it('name every refusal of the one application check by a key the server can send', () => {
    const keys = new Set<string>(allErrorKeys());
    expect(Object.values(applyRefusalKey).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('read the product’s wire times for the domain check: open now, closed before and after its window', () => {
    const p = productDetail();
    expect(checkForm(p, '400', new Date())).toEqual({ ok: { amount: expect.anything() } });
    expect(checkForm(p, '400', new Date(Date.parse(p.closesAt) + 1))).toEqual({ refused: 'closed' });
    expect(checkForm(p, '400', new Date(Date.parse(p.opensAt) - 1))).toEqual({ refused: 'closed' });
    expect(checkForm(productDetail({ phase: 'withdrawn' }), '400', new Date())).toEqual({ refused: 'notFound' });
  });

  it('leave the daily limit to the server: a member who applied today is not refused here', () => {
    // The browser does not know today's count (SPEC §5: the number is not shown).
    expect('ok' in checkForm(productDetail({ sharesHeld: '400' }), '200', new Date())).toBe(true);
  });

  it('start at the fewest whole units whose amount reaches the minimum', () => {
    expect(minimumShares('2500', '500000')).toBe('200');
    expect(minimumShares('2500', '500001')).toBe('300');
    expect(minimumShares('3000', '1')).toBe('100');
    expect(minimumShares('1234.5', '1000000')).toBe('900');
  });

  it('fill the most a member may apply for now: the maximum left, or what the funds pay for, in whole units', () => {
    expect(maximumShares(productDetail())).toBe('800');
    expect(maximumShares(productDetail({ available: '10000000' }))).toBe('1000');
    expect(maximumShares(productDetail({ available: '10000000', sharesHeld: '700' }))).toBe('300');
    expect(maximumShares(productDetail({ available: '200000' }))).toBeNull();
    expect(maximumShares(productDetail({ sharesHeld: '1000', closesAt: hoursFromNow(1) }))).toBeNull();
  });
});
