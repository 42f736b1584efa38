import type { Decimal } from '../money.ts';

export type ReviewDecision = 'approve' | 'reject';

/** What one staff decision does to an application still under review. */
export type ReviewStep =
  | { readonly kind: 'refused'; readonly reason: 'ownCase' | 'alreadyDecidedByYou' }
  | { readonly kind: 'final'; readonly approved: boolean }
  | { readonly kind: 'firstApproval' };

export interface ReviewFacts {
  /** The member whose application it is. */
  readonly applicantId: string;
  /** The staff member deciding now. */
  readonly staffId: string;
  readonly decision: ReviewDecision;
  /** Staff who have already approved this application (first approvals). */
  readonly priorApprovers: readonly string[];
  /** 1, or 2 when four eyes apply. */
  readonly approvalsRequired: 1 | 2;
}

/**
 * Issue 6 §1: nobody decides their own case; above the threshold an approval needs a second,
 * different reviewer before anything moves. A rejection by any eligible reviewer is final.
 */
export function reviewStep(f: ReviewFacts): ReviewStep {
  if (f.applicantId === f.staffId) return { kind: 'refused', reason: 'ownCase' };
  if (f.priorApprovers.includes(f.staffId)) return { kind: 'refused', reason: 'alreadyDecidedByYou' };
  if (f.decision === 'reject') return { kind: 'final', approved: false };
  if (f.priorApprovers.length + 1 >= f.approvalsRequired) return { kind: 'final', approved: true };
  return { kind: 'firstApproval' };
}

/**
 * Money applications at or above the threshold need two approvals. The threshold is in JPY;
 * an application in another currency always needs two (no rate is trusted to lower the bar).
 */
export function approvalsRequired(amount: { value: Decimal; currency: string } | null, thresholdJpy: Decimal): 1 | 2 {
  if (amount === null) return 1;
  if (amount.currency !== 'JPY') return 2;
  return amount.value.gte(thresholdJpy) ? 2 : 1;
}
