import { checkFollow, readYen, type FollowRefusal, type StopLoss } from '@kabuto/domain/copy/copy-trading';
import { followRefusalKey } from '@kabuto/contracts/copy/refusals';
import type { StrategyDetail } from '../api/copy.api.ts';

export { followRefusalKey, readYen };
export type { FollowRefusal };

export type StopLossMode = 'none' | 'yen' | 'percent';

/** The stop-loss as the form holds it: none, or a yen amount or a percent as typed. */
export function stopLossOf(mode: StopLossMode, typed: string): StopLoss | null {
  if (mode === 'none') return null;
  return mode === 'yen' ? { yen: typed.trim() } : { percent: typed.trim() };
}

/** The one follow check (`checkFollow`) on what the member typed, with the strategy's card as the facts. */
export function checkForm(s: StrategyDetail, memberId: string, amount: string, stopLoss: StopLoss | null, now: Date) {
  return checkFollow({
    strategy: {
      published: s.status === 'published',
      // The card says whether the member leads it; the check compares ids.
      leadMemberId: s.isLead ? memberId : '',
      minInvestment: s.minInvestment,
      capitalBase: s.capitalBase,
      termDays: s.termDays,
      followDeadline: new Date(s.followDeadline),
      performanceFee: s.performanceFee,
    },
    memberId,
    amount,
    stopLoss,
    alreadyFollowing: s.myFollowId !== null,
    available: s.available,
    now,
  });
}
