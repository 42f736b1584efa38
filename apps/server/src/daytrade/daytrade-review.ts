import { uuidPattern, type ReviewKind } from '../reviews/public.ts';
import type { ReviewStatus } from '@kabuto/contracts/fields';

/**
 * Issue 26 (SPEC §4 "day-trading applications are audited"): a quota application through the one review lifecycle
 * (own case refused, audited `daytrade.approve|reject`, member event `daytrade.changed`). No money moves when a quota
 * is decided (it limits the margin of day trades the member pays from their own funds), so it carries no amount and
 * one approval decides it. Approved: the quota is in progress. Rejected: the reason stays on the application.
 */
export const dayTradeReviewKind: ReviewKind = {
  name: 'daytrade',
  eventType: 'daytrade.changed',
  idPattern: uuidPattern,
  table: 'daytrade_applications',
  async lock(tx, id) {
    const [r] = await tx.query<{ id: string; member_id: string; status: ReviewStatus; order_no: string }>(
      `SELECT id::text AS id, member_id::text AS member_id, status, order_no
         FROM daytrade_applications WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return r ? { id: r.id, memberId: r.member_id, status: r.status, target: r.order_no, amount: null } : null;
  },
  async settle(tx, s, d) {
    await tx.query(
      `UPDATE daytrade_applications
          SET status = $2, state = CASE WHEN $2 = 'approved' THEN 'inProgress' END, remarks = $3, decided_by = $4,
              decided_at = $5
        WHERE id = $1`,
      [s.id, d.approved ? 'approved' : 'rejected', d.reason, d.staffId, d.at],
    );
  },
};
