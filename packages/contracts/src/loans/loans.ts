import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { decisionField, moneyString, pageFields, reasonField, reviewStatus } from '../fields.ts';

// Issue 26: credit loans (SPEC §2 /user/jk loan and repayment, /user/jkjl loan and repayment records; SPEC §3 Loan;
// SPEC §9 interest daily, repayable any time, equal monthly instalments). Rules: packages/domain/src/loans.

/** pending: waiting for review; approved: paid out, still owed; rejected; repaid: nothing left owed. */
export const loanStatuses = ['pending', 'approved', 'rejected', 'repaid'] as const;
export const repaymentPlanField = z.enum(['anytime', 'instalments'], { error: errorKeys.request.invalid });

/** The lending terms staff set, as the member reads them with the published limit rule. */
export const lendingTermsSchema = z.object({
  open: z.boolean(),
  /** Interest a day on the outstanding principal (a fraction: 0.0004 = 0.04 %). */
  dailyRate: moneyString,
  /** Daily rate × 365. */
  apr: moneyString,
  minTermDays: z.number().int(),
  maxTermDays: z.number().int(),
  /** The published rule: (credit score − scoreFloor) × yenPerPoint. */
  yenPerPoint: moneyString,
  scoreFloor: z.number().int(),
});

/** SPEC §3 Loan: order number, amount, term, borrow time, status, and what is still owed. */
export const loanSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  amount: moneyString,
  termDays: z.number().int(),
  plan: repaymentPlanField,
  dailyRate: moneyString,
  apr: moneyString,
  status: z.enum(loanStatuses),
  /** Principal still owed. */
  principal: moneyString,
  /** Interest charged and not yet paid. */
  interest: moneyString,
  /** Every yen of interest charged so far. */
  interestCharged: moneyString,
  repaidTotal: moneyString,
  /** The last JST day interest has been charged for. */
  interestThrough: z.string().nullable(),
  remarks: z.string(),
  createdAt: z.string(),
  /** Borrow time: when the loan was paid out. */
  disbursedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  repaidAt: z.string().nullable(),
  /** The last day of the term (JST date), once paid out. */
  dueDate: z.string().nullable(),
});
export type LoanWire = z.infer<typeof loanSchema>;

/** SPEC §3: repayment amount and time. */
export const repaymentSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  loanOrderNo: z.string(),
  amount: moneyString,
  interestPaid: moneyString,
  principalPaid: moneyString,
  createdAt: z.string(),
});
export type RepaymentWire = z.infer<typeof repaymentSchema>;

export const loanSummarySchema = z.object({
  score: z.number().int(),
  creditLimit: moneyString,
  borrowable: moneyString,
  /** Principal and interest still owed on every loan. */
  borrowed: moneyString,
  /** Amounts of applications waiting for review (they count against the limit). */
  pending: moneyString,
  available: moneyString,
  terms: lendingTermsSchema,
  /** The loan not yet repaid or the application waiting, if any (one at a time). */
  open: loanSchema.nullable(),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

const loanIdField = z
  .string({ error: errorKeys.loan.notFound })
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: errorKeys.loan.notFound });

/** Whole yen above zero; the domain checks the same grammar (so a form and the server agree). */
const loanAmountField = z
  .string({ error: errorKeys.loan.amountInvalid })
  .regex(/^[1-9]\d{0,11}$/, { error: errorKeys.loan.amountInvalid });

export const loanSummaryCall = defineCall({
  policy: memberCall,
  path: 'user/loan/summary',
  summary:
    'Credit score, credit limit by the published rule, borrowable, borrowed, the lending terms and the open loan',
  request: z.object({}),
  response: loanSummarySchema,
});

export const loanApplyCall = defineCall({
  policy: memberCall,
  path: 'user/loan/apply',
  summary: 'Apply for a credit loan (Idempotency-Key): amount ≤ borrowable, a term in days, a repayment plan',
  request: z.object({
    amount: loanAmountField,
    termDays: z
      .number({ error: errorKeys.loan.termInvalid })
      .int({ error: errorKeys.loan.termInvalid })
      .min(1, { error: errorKeys.loan.termInvalid })
      .max(100_000, { error: errorKeys.loan.termInvalid }),
    plan: repaymentPlanField,
  }),
  response: loanSchema,
});

export const loanListCall = defineCall({
  policy: memberCall,
  path: 'user/loan/list',
  summary: 'The member’s loans (loan records), newest first',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(loanSchema), total: z.number().int() }),
});

export const loanRepaymentsCall = defineCall({
  policy: memberCall,
  path: 'user/loan/repayments',
  summary: 'The member’s repayments (repayment records), newest first',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(repaymentSchema), total: z.number().int() }),
});

export const loanRepayCall = defineCall({
  policy: memberCall,
  path: 'user/loan/repay',
  summary: 'Repay part or all of a loan (Idempotency-Key): interest first, then principal; never above what is owed',
  request: z.object({ id: loanIdField, amount: loanAmountField }),
  response: z.object({ loan: loanSchema, repayment: repaymentSchema }),
});

// ——— Back office ———

export const loanReviewSchema = loanSchema.extend({
  /** The review's status (a repaid loan was approved); the loan's own is `loanStatus`. */
  status: reviewStatus,
  loanStatus: z.enum(loanStatuses),
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  score: z.number().int(),
  creditLimit: moneyString,
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
});

export const adminLoanApplicationsCall = defineCall({
  policy: adminPolicies.loanApplicationsList,
  path: 'admin/loan/applications',
  summary: 'Staff: credit-loan applications by status, oldest waiting first, with the member’s score and limit',
  request: z.object({ status: reviewStatus.default('pending'), ...pageFields }),
  response: z.object({ items: z.array(loanReviewSchema), total: z.number().int() }),
});

export const adminLoanDecideCall = defineCall({
  policy: adminPolicies.loanDecide,
  path: 'admin/loan/decide',
  summary: 'Staff: approve (the loan is paid out through the ledger) or reject a credit loan, with a reason',
  request: z.object({ id: loanIdField, decision: decisionField, reason: reasonField }),
  response: z.object({
    status: reviewStatus,
    approvals: z.number().int(),
    approvalsRequired: z.number().int(),
  }),
});

const lendingTermsInput = z.object({
  open: z.boolean({ error: errorKeys.request.invalid }),
  dailyRate: z.string({ error: errorKeys.request.invalid }).max(20, { error: errorKeys.request.invalid }),
  minTermDays: z.number({ error: errorKeys.request.invalid }),
  maxTermDays: z.number({ error: errorKeys.request.invalid }),
  yenPerPoint: z.string({ error: errorKeys.request.invalid }).max(20, { error: errorKeys.request.invalid }),
  scoreFloor: z.number({ error: errorKeys.request.invalid }),
});

export const adminLoanSettingsCall = defineCall({
  policy: adminPolicies.loanSettings,
  path: 'admin/loan/settings',
  summary: 'Staff: the lending terms (open or closed, daily rate, terms allowed, the credit-limit rule)',
  request: z.object({}),
  response: lendingTermsSchema.extend({ updatedBy: z.string().nullable(), updatedAt: z.string().nullable() }),
});

export const adminLoanSettingsSaveCall = defineCall({
  policy: adminPolicies.loanSettingsSave,
  path: 'admin/loan/settingsSave',
  summary: 'Staff: save the lending terms (audited, with a reason); they apply to new applications',
  request: lendingTermsInput.extend({ reason: reasonField }),
  response: lendingTermsSchema.extend({ updatedBy: z.string().nullable(), updatedAt: z.string().nullable() }),
});
