import { successKeys } from '@kabuto/contracts/errors';
import {
  adminLoanApplicationsCall,
  adminLoanDecideCall,
  adminLoanSettingsCall,
  adminLoanSettingsSaveCall,
  loanApplyCall,
  loanListCall,
  loanRepayCall,
  loanRepaymentsCall,
  loanSummaryCall,
} from '@kabuto/contracts/loans/loans';
import { asStaff, route, type Route } from '../http/public.ts';
import type { ReviewKind, ReviewsService } from '../reviews/public.ts';
import type { LoanService } from './loans.service.ts';

export function loanRoutes(s: LoanService, reviews: ReviewsService, kind: ReviewKind): Route[] {
  return [
    route({ call: loanSummaryCall, handler: ({ principal }) => s.summary(principal) }),
    route({
      call: loanApplyCall,
      success: successKeys.loanApplied,
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key) },
      handler: ({ principal, body, idempotencyKey }) => s.apply(principal, body, idempotencyKey),
    }),
    route({ call: loanListCall, handler: ({ principal, body }) => s.list(principal, body) }),
    route({ call: loanRepaymentsCall, handler: ({ principal, body }) => s.repayments(principal, body) }),
    route({
      call: loanRepayCall,
      success: successKeys.repaid,
      idempotent: { recover: (principal, key) => s.repaymentByClientKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) => s.repay(principal, body, idempotencyKey, requestId),
    }),
    route({ call: adminLoanApplicationsCall, handler: ({ body }) => s.adminApplications(body) }),
    route({
      call: adminLoanDecideCall,
      success: successKeys.decided,
      handler: ({ principal, body, requestId }) => reviews.decide(kind, asStaff(principal), body, requestId),
    }),
    route({ call: adminLoanSettingsCall, handler: () => s.settings() }),
    route({
      call: adminLoanSettingsSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.saveSettings(asStaff(principal), body, requestId),
    }),
  ];
}
