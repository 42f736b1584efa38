import type { Decimal } from '../money.ts';
import { money } from '../money.ts';
import { borrowable, creditLimit, type LendingTerms } from './lending-terms.ts';

/** SPEC §9: repayable any time without penalty, or in equal monthly instalments (annuity). */
export const repaymentPlans = ['anytime', 'instalments'] as const;
export type RepaymentPlan = (typeof repaymentPlans)[number];

/** SPEC §8 "Funds" refusals of an application, named for the catalogue (`errors.loan.*`). */
export type ApplyRefusal =
  'closed' | 'realNameRequired' | 'unpaidFirst' | 'amountInvalid' | 'termInvalid' | 'quotaInsufficient';

/** A loan amount as typed or sent: whole yen above zero, plain digits only (no sign, fraction, exponent or text). */
const wholeYen = /^[1-9]\d{0,11}$/;

/** Reads an amount strictly: the yen it is, or null (0, −5, 1.5, 1e3, "abc", "" are all null). */
export const loanAmountOf = (text: string): Decimal | null => (wholeYen.test(text) ? money(text) : null);

export interface ApplicationFacts {
  readonly terms: LendingTerms;
  /** The member's credit score now (credit/credit-score.ts). */
  readonly score: number;
  /** Principal still owed plus amounts of applications waiting for review. */
  readonly outstanding: Decimal;
  /** An application waiting, or a loan not yet repaid: one loan at a time. */
  readonly hasOpenLoan: boolean;
  /** Some features need real-name verification (SPEC §6): borrowing is one. */
  readonly realNameVerified: boolean;
  readonly amount: string;
  readonly termDays: number;
}

/**
 * One application, checked in the order a member can act on: lending open, a verified name, no loan still open, a whole-yen amount,
 * a term the terms allow, and the amount within borrowable = limit − outstanding. The form shows the same answer as
 * the member types; the server decides with the facts it holds locked.
 */
export function checkLoanApplication(f: ApplicationFacts): { refused: ApplyRefusal } | { ok: { amount: Decimal } } {
  if (!f.terms.open) return { refused: 'closed' };
  if (!f.realNameVerified) return { refused: 'realNameRequired' };
  if (f.hasOpenLoan) return { refused: 'unpaidFirst' };
  const amount = loanAmountOf(f.amount);
  if (amount === null) return { refused: 'amountInvalid' };
  if (!Number.isInteger(f.termDays) || f.termDays < f.terms.minTermDays || f.termDays > f.terms.maxTermDays)
    return { refused: 'termInvalid' };
  if (amount.gt(borrowable(creditLimit(f.score, f.terms), f.outstanding))) return { refused: 'quotaInsufficient' };
  return { ok: { amount } };
}
