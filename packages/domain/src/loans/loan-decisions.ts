import { Decimal } from '../money.ts';
import { transfer, type PostingLine } from '../ledger/journal.ts';
import { interestDaysDue, interestFor, dayAfter } from './loan-interest.ts';

/**
 * Issue 26: how a loan is booked. The member's `loan` book is what the member owes the house, so its balance is the
 * negative of the debt (every member book is what the house owes the member; a debt is the other way round), and a
 * database check keeps it at or below zero. Paying out moves the principal from `loan` into `available`; a day's
 * interest is owed more (`loan` down) and the house's interest income up; a repayment moves cash from `available`
 * back to `loan`. Every decision below is pure: facts in, the loan's change and its ledger lines out.
 */

export interface OutstandingLoan {
  readonly memberId: string;
  readonly principal: Decimal;
  readonly interest: Decimal;
  readonly dailyRate: string;
  /** The last JST day interest has been charged for (the payout day at first). */
  readonly interestThrough: string;
}

/** Approval pays out: loan → available, the whole principal. */
export const disburseLines = (memberId: string, amount: Decimal): PostingLine[] =>
  transfer({ member: memberId, book: 'loan' }, { member: memberId, book: 'available' }, 'JPY', amount);

/** Interest charged: what is owed grows (loan book down) and the house earns it (interest account up). */
export const interestLines = (memberId: string, amount: Decimal): PostingLine[] =>
  transfer({ member: memberId, book: 'loan' }, { house: 'interest' }, 'JPY', amount);

/** A repayment: available → loan. */
export const repayLines = (memberId: string, amount: Decimal): PostingLine[] =>
  transfer({ member: memberId, book: 'available' }, { member: memberId, book: 'loan' }, 'JPY', amount);

export interface AccrualDecision {
  /** The days charged: from the day after `interestThrough` to today; null when nothing is due. */
  readonly covers: { from: string; to: string } | null;
  readonly days: number;
  readonly charge: Decimal;
  readonly interestAfter: Decimal;
  readonly lines: PostingLine[];
}

/**
 * The interest a loan owes up to `today`: every day not yet charged, each at one day's charge on the principal. A
 * day already charged is never charged again (the job's rerun and a repayment both call this); a day whose charge
 * rounds to zero still moves `interestThrough` on.
 */
export function accrue(loan: OutstandingLoan, today: string): AccrualDecision {
  const days = interestDaysDue(loan.interestThrough, today);
  const charge = days > 0 ? interestFor(loan.principal, loan.dailyRate, days) : new Decimal(0);
  return {
    covers: days > 0 ? { from: dayAfter(loan.interestThrough), to: today } : null,
    days,
    charge,
    interestAfter: loan.interest.plus(charge),
    lines: charge.gt(0) ? interestLines(loan.memberId, charge) : [],
  };
}

export type RepayRefusal = 'amountInvalid' | 'repayExceeds' | 'notOutstanding';

/** A repayment amount as typed or sent: whole yen above zero, plain digits. */
const wholeYen = /^[1-9]\d{0,11}$/;

/**
 * A repayment against what is owed (interest already charged up to today first): interest is paid first, then
 * principal; more than is owed is refused ("repayment exceeds borrowed amount"). Repaying everything ends the loan.
 */
export function decideRepayment(
  owed: { principal: Decimal; interest: Decimal; memberId: string },
  amountText: string,
):
  | { refused: RepayRefusal }
  | {
      ok: {
        amount: Decimal;
        interestPaid: Decimal;
        principalPaid: Decimal;
        principalAfter: Decimal;
        interestAfter: Decimal;
        repaid: boolean;
        lines: PostingLine[];
      };
    } {
  const total = owed.principal.plus(owed.interest);
  if (total.lte(0)) return { refused: 'notOutstanding' };
  if (!wholeYen.test(amountText)) return { refused: 'amountInvalid' };
  const amount = new Decimal(amountText);
  if (amount.gt(total)) return { refused: 'repayExceeds' };
  const interestPaid = Decimal.min(amount, owed.interest);
  const principalPaid = amount.minus(interestPaid);
  const principalAfter = owed.principal.minus(principalPaid);
  const interestAfter = owed.interest.minus(interestPaid);
  return {
    ok: {
      amount,
      interestPaid,
      principalPaid,
      principalAfter,
      interestAfter,
      repaid: principalAfter.isZero() && interestAfter.isZero(),
      lines: repayLines(owed.memberId, amount),
    },
  };
}
