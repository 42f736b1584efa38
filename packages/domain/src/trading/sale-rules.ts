import { jstInstant, jstParts } from '../calendar/jst.ts';
import { nextTradingDay } from '../calendar/trading-day.ts';
import { TSE_HOURS } from '../market/trading-session.ts';

/**
 * SPEC §4/§8 and DESIGN: rules that are not Japanese, set per product by staff (all off for ordinary TSE stocks):
 * no sale on the day of purchase, no sale before the next trading day opens (T+1), a minimum holding time, and a
 * lock-up until a date. A member's close is refused while one applies; a margin call is not.
 */
export interface SaleRules {
  readonly sameDayBan: boolean;
  readonly tPlusOneBan: boolean;
  readonly minHoldingMinutes: number;
  /** ISO instant before which the position cannot be sold, or null. */
  readonly lockUpUntil: string | null;
}

export const noSaleRules: SaleRules = {
  sameDayBan: false,
  tPlusOneBan: false,
  minHoldingMinutes: 0,
  lockUpUntil: null,
};

/**
 * A position's own lock-up (an approved block trade's, issue 25) on top of its stock's rules: the later of the two ends
 * the lock. Every check and display of one position's sale goes through this.
 */
export function positionSaleRules(rules: SaleRules, lockedUntil: Date | null): SaleRules {
  if (lockedUntil === null) return rules;
  const own = lockedUntil.toISOString();
  if (rules.lockUpUntil !== null && new Date(rules.lockUpUntil).getTime() >= lockedUntil.getTime()) return rules;
  return { ...rules, lockUpUntil: own };
}

/** The rules still in force at `now`: a lock-up that has ended no longer shows on the position or holds its close. */
export function saleRulesInForce(rules: SaleRules, now: Date): SaleRules {
  if (rules.lockUpUntil === null || now.getTime() < new Date(rules.lockUpUntil).getTime()) return rules;
  return { ...rules, lockUpUntil: null };
}

export type SaleBlock = 'lockUp' | 'sameDay' | 'tPlusOne' | 'minHolding';

export function saleBlock(rules: SaleRules, openedAt: Date, now: Date): SaleBlock | null {
  if (rules.lockUpUntil !== null && now.getTime() < new Date(rules.lockUpUntil).getTime()) return 'lockUp';
  const opened = jstParts(openedAt);
  const today = jstParts(now);
  const sameDay = opened.year === today.year && opened.month === today.month && opened.day === today.day;
  if (rules.sameDayBan && sameDay) return 'sameDay';
  if (rules.tPlusOneBan) {
    const next = nextTradingDay({ year: opened.year, month: opened.month, day: opened.day });
    if (now.getTime() < jstInstant(next.year, next.month, next.day, TSE_HOURS.morningOpen).getTime()) return 'tPlusOne';
  }
  if (now.getTime() < openedAt.getTime() + rules.minHoldingMinutes * 60_000) return 'minHolding';
  return null;
}

/** The rules that apply, by name, for the ticket and the position to show. */
export function activeSaleRules(rules: SaleRules): SaleBlock[] {
  const out: SaleBlock[] = [];
  if (rules.lockUpUntil !== null) out.push('lockUp');
  if (rules.sameDayBan) out.push('sameDay');
  if (rules.tPlusOneBan) out.push('tPlusOne');
  if (rules.minHoldingMinutes > 0) out.push('minHolding');
  return out;
}
