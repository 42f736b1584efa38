import { Decimal, money } from '../money.ts';

/**
 * Issue 26 "Credit loans": the lending terms staff set (SPEC §9: interest daily, repayable any time without penalty,
 * equal monthly instalments as an option) and the published rule that turns the member's credit score (the
 * withdrawal credit score, credit/credit-score.ts) into a credit limit. Pure: the server and the screens call these.
 */
export interface LendingTerms {
  /** Staff open or close lending ("borrow quota full or channel closed" when closed). */
  readonly open: boolean;
  /** Interest a day on the outstanding principal, as a fraction (0.0004 = 0.04 % a day). */
  readonly dailyRate: string;
  /** The shortest and longest term a member may choose, in days. */
  readonly minTermDays: number;
  readonly maxTermDays: number;
  /** The published limit rule: each credit-score point above `scoreFloor` allows this many yen. */
  readonly yenPerPoint: string;
  readonly scoreFloor: number;
}

/** Japan's Interest Rate Restriction Act caps a loan's annual rate at 20 %: staff may not set more. */
export const maxAnnualRate = '0.2';
/** The longest term staff may allow: ten years. */
export const maxTermDaysAllowed = 3650;
export const maxYenPerPoint = '10000000';

export type TermsProblem = 'dailyRate' | 'termRange' | 'yenPerPoint' | 'scoreFloor';

const wholeYen = /^(?:0|[1-9]\d{0,11})$/;
const rateText = /^0(?:\.\d{1,8})?$/;

/** Staff's terms checked: a daily rate from 0 whose APR stays within 20 %, 1 ≤ min ≤ max ≤ 3650 days, a whole-yen rule. */
export function checkLendingTerms(t: LendingTerms): TermsProblem | null {
  if (!rateText.test(t.dailyRate) || apr(t.dailyRate).gt(maxAnnualRate)) return 'dailyRate';
  const days = (n: number) => Number.isInteger(n) && n >= 1 && n <= maxTermDaysAllowed;
  if (!days(t.minTermDays) || !days(t.maxTermDays) || t.minTermDays > t.maxTermDays) return 'termRange';
  if (!wholeYen.test(t.yenPerPoint) || money(t.yenPerPoint).gt(maxYenPerPoint)) return 'yenPerPoint';
  if (!Number.isInteger(t.scoreFloor) || t.scoreFloor < 0 || t.scoreFloor > 100) return 'scoreFloor';
  return null;
}

/** APR as a fraction: the daily rate × 365 (simple interest, no fees, so the nominal and the real annual rate agree). */
export const apr = (dailyRate: string): Decimal => money(dailyRate).times(365);

/**
 * The published credit-limit rule: (credit score − floor) × yen a point, never below zero. A score of 90 with a floor
 * of 60 and 10,000 yen a point allows 300,000 yen.
 */
export function creditLimit(score: number, terms: Pick<LendingTerms, 'yenPerPoint' | 'scoreFloor'>): Decimal {
  const points = Math.max(0, Math.trunc(score) - terms.scoreFloor);
  return money(terms.yenPerPoint).times(points);
}

/** Borrowable = limit − outstanding (principal still owed and amounts waiting for review), never below zero. */
export function borrowable(limit: Decimal, outstanding: Decimal): Decimal {
  const left = limit.minus(outstanding);
  return left.gt(0) ? left : new Decimal(0);
}

/**
 * The terms until staff save their own (lending closed) and the demo's seed (the same, open): 0.04 % a day
 * (14.6 % a year), 7 to 365 days, 10,000 yen a credit-score point above 60.
 */
export const defaultLendingTerms: LendingTerms = {
  open: false,
  dailyRate: '0.0004',
  minTermDays: 7,
  maxTermDays: 365,
  yenPerPoint: '10000',
  scoreFloor: 60,
};
