import { money, type Decimal } from '@kabuto/domain/money';
import { annuitySchedule, scheduleInterest, type Instalment } from '@kabuto/domain/loans/annuity-schedule';
import { checkLoanApplication, loanAmountOf, type ApplyRefusal } from '@kabuto/domain/loans/loan-application';
import { totalInterestAnytime } from '@kabuto/domain/loans/loan-interest';
import { decideRepayment, type RepayRefusal } from '@kabuto/domain/loans/loan-decisions';
import { loanApplyRefusalKey, loanRepayRefusalKey } from '@kabuto/contracts/loans/refusals';
import type { LoanSummary, LoanWire, RepaymentPlan } from '../api/loans.api.ts';

export { loanApplyRefusalKey, loanRepayRefusalKey };
export type { ApplyRefusal, Instalment, RepayRefusal };

/** What the member typed as a term: whole days, or NaN (the domain refuses it as an invalid term). */
export const termDaysOf = (typed: string): number => (/^\d{1,6}$/.test(typed) ? Number(typed) : Number.NaN);

/** The domain's check of the application the member is typing, with the facts the summary gives. */
export function checkForm(s: LoanSummary, amount: string, termDays: number): ApplyRefusal | null {
  const check = checkLoanApplication({
    terms: s.terms,
    score: s.score,
    outstanding: money(s.borrowed).plus(s.pending),
    hasOpenLoan: s.open !== null,
    // The server checks the verified name; the screen learns it from the answer.
    realNameVerified: true,
    amount,
    termDays,
  });
  return 'refused' in check ? check.refused : null;
}

export interface LoanQuote {
  amount: Decimal;
  /** Interest for the whole term: every day on the whole principal (any time), or the schedule's interest. */
  totalInterest: Decimal;
  totalRepaid: Decimal;
  /** Equal monthly instalments only. */
  schedule: Instalment[] | null;
}

/** The cost of the loan before the member confirms (DESIGN: loan offers show APR and total cost before acceptance). */
export function quote(amountText: string, termDays: number, plan: RepaymentPlan, dailyRate: string): LoanQuote | null {
  const amount = loanAmountOf(amountText);
  if (amount === null || !Number.isInteger(termDays) || termDays < 1) return null;
  const schedule = plan === 'instalments' ? annuitySchedule(amount.toFixed(), dailyRate, termDays) : null;
  const totalInterest = schedule ? scheduleInterest(schedule) : totalInterestAnytime(amount, dailyRate, termDays);
  return { amount, totalInterest, totalRepaid: amount.plus(totalInterest), schedule };
}

/** The domain's check of a repayment against what the loan owes now. */
export function checkRepayment(loan: LoanWire, amount: string): RepayRefusal | null {
  const d = decideRepayment({ memberId: '', principal: money(loan.principal), interest: money(loan.interest) }, amount);
  return 'refused' in d ? d.refused : null;
}

/** Principal and interest still owed. */
export const owedOf = (loan: LoanWire): Decimal => money(loan.principal).plus(loan.interest);

/** A rate as a percent with `places` decimals ('0.0004' → '0.04'). */
export const percentText = (rate: string, places: number): string => money(rate).times(100).toFixed(places);
