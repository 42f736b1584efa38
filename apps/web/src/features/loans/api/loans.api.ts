import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  LoanSummary,
  LoanWire,
  RepaymentWire,
  loanApplyCall,
  loanListCall,
  loanRepayCall,
  loanRepaymentsCall,
  loanSummaryCall,
} from '@kabuto/contracts/loans/loans';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const summaryRef = callRef<typeof loanSummaryCall>('user/loan/summary');
const applyRef = callRef<typeof loanApplyCall>('user/loan/apply');
const listRef = callRef<typeof loanListCall>('user/loan/list');
const repaymentsRef = callRef<typeof loanRepaymentsCall>('user/loan/repayments');
const repayRef = callRef<typeof loanRepayCall>('user/loan/repay');

export type { LoanSummary, LoanWire, RepaymentWire };
export type LoanPage = ResponseOf<typeof loanListCall>;
export type RepaymentPage = ResponseOf<typeof loanRepaymentsCall>;
export type RepaymentPlan = LoanWire['plan'];

/**
 * Query keys start with the call's path (`user/loan/…`) and carry the session token: every member event (a
 * `loan.changed` among them) refetches `user/…` queries, so the loan screens follow a decision, a day's interest or
 * a repayment live.
 */
export const loanKeys = {
  all: 'user/loan/',
  summary: (token: string) => [summaryRef.path, token] as const,
  list: (token: string) => [listRef.path, token] as const,
  repayments: (token: string) => [repaymentsRef.path, token] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchLoanSummary = (s: Signal) => api.call(summaryRef, {}, opts(s));
export const fetchLoans = (page: number, pageSize: number, s: Signal) => api.call(listRef, { page, pageSize }, opts(s));
export const fetchRepayments = (page: number, pageSize: number, s: Signal) =>
  api.call(repaymentsRef, { page, pageSize }, opts(s));
/** Applies with an `Idempotency-Key`: a retry after a lost answer returns the first application. */
export const applyLoan = (
  request: { amount: string; termDays: number; plan: RepaymentPlan },
  headers: Record<string, string>,
) => api.call(applyRef, request, { headers });
/** Repays with an `Idempotency-Key` (money moves): a retry after a lost answer returns the first repayment. */
export const repayLoan = (request: { id: string; amount: string }, headers: Record<string, string>) =>
  api.call(repayRef, request, { headers });
