import type { ApplyRefusal } from '@kabuto/domain/loans/loan-application';
import type { RepayRefusal } from '@kabuto/domain/loans/loan-decisions';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one application check (`checkLoanApplication`), server and form alike. */
export const loanApplyRefusalKey: Readonly<Record<ApplyRefusal, ErrorKey>> = {
  closed: errorKeys.loan.closed,
  realNameRequired: errorKeys.verification.required,
  unpaidFirst: errorKeys.loan.unpaidFirst,
  amountInvalid: errorKeys.loan.amountInvalid,
  termInvalid: errorKeys.loan.termInvalid,
  quotaInsufficient: errorKeys.loan.quotaInsufficient,
};

/** The catalogue key of each refusal of a repayment (`decideRepayment`). */
export const loanRepayRefusalKey: Readonly<Record<RepayRefusal, ErrorKey>> = {
  amountInvalid: errorKeys.loan.amountInvalid,
  repayExceeds: errorKeys.loan.repayExceeds,
  notOutstanding: errorKeys.loan.notOutstanding,
};
