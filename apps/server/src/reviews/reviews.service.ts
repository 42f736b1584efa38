import type { Database, Sql } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { Decimal } from '@kabuto/domain/money';
import { approvalsRequired, reviewStep, type ReviewDecision } from '@kabuto/domain/reviews/four-eyes';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import type { AuditAction } from '@kabuto/contracts/admin/audit-actions';
import { recordAudit } from '../audit/public.ts';
import type { ReviewKind, ReviewSubject } from './review-kind.ts';

export interface DecisionResult {
  status: ReviewStatus;
  approvals: number;
  approvalsRequired: number;
}

export interface ApprovalState {
  approvals: number;
  approvalsRequired: number;
  approvedBy: string[];
}

export interface ReviewsDeps {
  db: Database;
  clock: Clock;
  /** Four eyes: money applications at or above this many yen need two different approvers. */
  fourEyesThresholdJpy: string;
  /** Called inside the decision's transaction after a final decision (e.g. to tell the member). */
  onSettled?: (
    tx: Sql,
    kind: ReviewKind,
    subject: ReviewSubject,
    status: 'approved' | 'rejected',
    reason: string,
  ) => Promise<void>;
  /** Called after a decision's transaction commits (wakes the outbox relay). */
  afterCommit?: () => void;
}

// One million yen: the default bar above which a second reviewer must approve (README "Settings").
export const defaultFourEyesThresholdJpy = '1000000';

/**
 * Issue 6 §2: one review lifecycle for every kind — lock, pending check, not your own case,
 * four eyes, status and reason, the kind's effect, the audit entry — in one transaction.
 */
export function reviewsService(deps: ReviewsDeps) {
  const { db, clock } = deps;
  const threshold = new Decimal(deps.fourEyesThresholdJpy);

  const priorApprovers = async (sql: Sql, kind: ReviewKind, id: string): Promise<string[]> =>
    (
      await sql.query<{ staff_id: string }>(
        `SELECT staff_id FROM review_decisions WHERE kind = $1 AND subject_id = $2 AND decision = 'approve' ORDER BY id`,
        [kind.name, id],
      )
    ).map((r) => r.staff_id);

  return {
    async decide(
      kind: ReviewKind,
      staff: StaffPrincipal,
      body: { id: string; decision: ReviewDecision; reason: string },
      requestId: string,
    ): Promise<DecisionResult> {
      if (!kind.idPattern.test(body.id)) throw refuse(errorKeys.order.notExist);
      const now = clock.now();
      try {
        const result = await db.transaction(async (tx) => {
          const subject = await kind.lock(tx, body.id);
          if (!subject) throw refuse(errorKeys.order.notExist);
          if (subject.memberId === staff.memberId) throw refuse(errorKeys.review.ownCase);
          if (subject.status !== 'pending') throw refuse(errorKeys.order.notInReview);
          const approvers = await priorApprovers(tx, kind, subject.id);
          const required = approvalsRequired(subject.amount, threshold);
          const step = reviewStep({
            applicantId: subject.memberId,
            staffId: staff.memberId,
            decision: body.decision,
            priorApprovers: approvers,
            approvalsRequired: required,
          });
          if (step.kind === 'refused')
            throw refuse(step.reason === 'ownCase' ? errorKeys.review.ownCase : errorKeys.review.alreadyDecidedByYou);
          const final = step.kind === 'final';
          await tx.query(
            `INSERT INTO review_decisions (kind, subject_id, staff_id, decision, reason, final, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [kind.name, subject.id, staff.memberId, body.decision, body.reason, final, now],
          );
          const approvals = approvers.length + (body.decision === 'approve' ? 1 : 0);
          const action: AuditAction =
            step.kind === 'firstApproval' ? `${kind.name}.firstApproval` : `${kind.name}.${body.decision}`;
          if (step.kind === 'final') {
            await kind.settle(tx, subject, {
              approved: step.approved,
              reason: body.reason,
              staffId: staff.memberId,
              requestId,
              at: now,
            });
            await deps.onSettled?.(tx, kind, subject, step.approved ? 'approved' : 'rejected', body.reason);
          }
          await recordAudit(
            tx,
            {
              actorId: staff.memberId,
              actorRole: staff.role,
              action,
              target: subject.target,
              reason: body.reason,
              requestId,
            },
            now,
          );
          const status: ReviewStatus = step.kind === 'final' ? (step.approved ? 'approved' : 'rejected') : 'pending';
          return { status, approvals, approvalsRequired: required };
        });
        deps.afterCommit?.();
        return result;
      } catch (err) {
        // Two decisions by one person racing each other: the log's unique key lets only one in.
        if (isUniqueViolation(err)) throw refuse(errorKeys.review.alreadyDecidedByYou);
        throw err;
      }
    },

    /** Approvals so far for a page of one kind's items (the queue shows who may still decide). */
    async approvalsOf(
      kind: ReviewKind,
      items: readonly { id: string; amount: { value: Decimal; currency: string } | null }[],
    ): Promise<Map<string, ApprovalState>> {
      const rows =
        items.length === 0
          ? []
          : await db.query<{ subject_id: string; staff_account: string }>(
              `SELECT r.subject_id, m.account AS staff_account FROM review_decisions r JOIN members m ON m.id = r.staff_id
          WHERE r.kind = $1 AND r.subject_id = ANY($2::text[]) AND r.decision = 'approve' ORDER BY r.id`,
              [kind.name, items.map((i) => i.id)],
            );
      const out = new Map<string, ApprovalState>();
      for (const item of items) {
        const approvedBy = rows.filter((r) => r.subject_id === item.id).map((r) => r.staff_account);
        out.set(item.id, {
          approvals: approvedBy.length,
          approvalsRequired: approvalsRequired(item.amount, threshold),
          approvedBy,
        });
      }
      return out;
    },

    /** One query over every kind's table: how many applications wait in each queue. */
    async pendingCounts(kinds: readonly ReviewKind[]): Promise<Record<string, number>> {
      const union = kinds
        .map((k, i) => `SELECT $${i + 1}::text AS kind, count(*) AS n FROM ${k.table} WHERE status = 'pending'`)
        .join(' UNION ALL ');
      const rows = await db.query<{ kind: string; n: string }>(
        `SELECT kind, n::text AS n FROM (${union}) q`,
        kinds.map((k) => k.name),
      );
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
