import type { ReviewStatus } from '@kabuto/contracts/fields';
import { uuidPattern, type ReviewKind } from '../reviews/public.ts';

/**
 * Seat-account applications (issue 25, SPEC §6): approval gives the member the seat tier, a rejection says why. No
 * money moves, so one approval decides; the lifecycle still refuses a staff member's own case.
 */
export const seatReviewKind: ReviewKind = {
  name: 'seat',
  eventType: 'seat.decided',
  idPattern: uuidPattern,
  table: 'seat_applications',
  async lock(tx, id) {
    const [r] = await tx.query<{ id: string; member_id: string; status: ReviewStatus; order_no: string }>(
      `SELECT id::text AS id, member_id::text AS member_id, status, order_no FROM seat_applications WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return r ? { id: r.id, memberId: r.member_id, status: r.status, target: r.order_no, amount: null } : null;
  },
  async settle(tx, s, d) {
    await tx.query(
      `UPDATE seat_applications SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`,
      [s.id, d.approved ? 'approved' : 'rejected', d.reason, d.staffId, d.at],
    );
  },
};
