import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import type { AuditedReviewKind } from '@kabuto/contracts/admin/audit-actions';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import type { MemberEventType } from '@kabuto/contracts/stream/messages';

/** An application as the review lifecycle sees it, whatever its kind. */
export interface ReviewSubject {
  readonly id: string;
  /** The member who applied: never allowed to decide it. */
  readonly memberId: string;
  readonly status: ReviewStatus;
  /** What the audit log names (an order number, an account). */
  readonly target: string;
  /** The money at stake, when there is any: decides whether four eyes apply. */
  readonly amount: { readonly value: Decimal; readonly currency: string } | null;
}

export interface Settlement {
  readonly approved: boolean;
  readonly reason: string;
  readonly staffId: string;
  readonly requestId: string;
  readonly at: Date;
}

/**
 * One kind of application (real-name, deposit, withdrawal; later bank card, block trade, day
 * trading, loan, seat account). The kind owns its table; the review lifecycle owns the steps.
 */
export interface ReviewKind {
  /** Also the audit action prefix (`deposit.approve`); a new kind joins `auditActions` so the log can name it. */
  readonly name: AuditedReviewKind;
  /** The stream event the member receives when it is decided. */
  readonly eventType: MemberEventType;
  /** Shape of a valid id, checked before any lookup (so lookups use the real key type). */
  readonly idPattern: RegExp;
  /** Its table and the name of its status column, for the one queue-count query over all kinds. */
  readonly table: string;
  /** Locks the application row (FOR UPDATE) inside the decision's transaction. */
  lock(tx: Sql, id: string): Promise<ReviewSubject | null>;
  /** The final decision's effect, in the same transaction: status, reason, money, credit. */
  settle(tx: Sql, subject: ReviewSubject, s: Settlement): Promise<void>;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const bigintIdPattern = /^[1-9]\d{0,17}$/;

/** Locks a money application (deposit, withdrawal: same columns) and shows it to the lifecycle. */
export async function lockMoneyApplication(
  tx: Sql,
  table: 'deposits' | 'withdrawals',
  id: string,
): Promise<ReviewSubject | null> {
  const [r] = await tx.query<{
    id: string;
    member_id: string;
    amount: string;
    currency: string;
    status: ReviewStatus;
    order_no: string;
  }>(
    `SELECT id::text AS id, member_id::text AS member_id, amount::text AS amount, currency, status, order_no FROM ${table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!r) return null;
  return {
    id: r.id,
    memberId: r.member_id,
    status: r.status,
    target: r.order_no,
    amount: { value: new Decimal(r.amount), currency: r.currency },
  };
}
