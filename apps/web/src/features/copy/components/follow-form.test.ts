import { describe, expect, it } from 'vitest';
import type { StrategyDetail } from '../api/copy.api.ts';
import { checkForm, stopLossOf } from './follow-form.ts';

const now = new Date('2026-11-27T01:00:00Z');
const strategy: StrategyDetail = {
  id: 's1',
  names: { jp: '戦略', en: 'Strategy', tw: '策略' },
  issuer: 'Desk',
  fundSize: '0',
  followers: 0,
  profit: '0',
  profitPercent: '0.00',
  trades: 0,
  termDays: 30,
  minInvestment: '100000',
  capitalBase: '10000000',
  performanceFee: '0.1',
  followDeadline: '2026-11-28T01:00:00Z',
  status: 'published',
  publishedAt: '2026-11-20T01:00:00Z',
  track: [],
  available: '500000',
  myFollowId: null,
  isLead: false,
};

describe('the follow form (issue 26)', () => {
  it('asks the domain as the member types', () => {
    expect(checkForm(strategy, 'm', '200000', null, now)).toHaveProperty('ok');
    expect(checkForm(strategy, 'm', '99999', null, now)).toEqual({ refused: 'belowMinimum' });
    expect(checkForm(strategy, 'm', '1.5', null, now)).toEqual({ refused: 'amountInvalid' });
    expect(checkForm(strategy, 'm', '600000', null, now)).toEqual({ refused: 'insufficientBalance' });
    expect(checkForm({ ...strategy, isLead: true }, 'm', '200000', null, now)).toEqual({ refused: 'ownStrategy' });
    expect(checkForm({ ...strategy, myFollowId: 'f' }, 'm', '200000', null, now)).toEqual({
      refused: 'alreadyFollowing',
    });
    expect(checkForm(strategy, 'm', '200000', null, new Date('2026-11-29T00:00:00Z'))).toEqual({
      refused: 'pastDeadline',
    });
    expect(checkForm(strategy, 'm', '200000', stopLossOf('percent', '150'), now)).toEqual({
      refused: 'stopLossInvalid',
    });
    expect(stopLossOf('yen', ' 5000 ')).toEqual({ yen: '5000' });
    expect(stopLossOf('none', 'x')).toBeNull();
  });
});
