import { Decimal } from '@kabuto/domain/money';
import { decisionLines } from '@kabuto/domain/block/block-trade';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { ledgerReasons, post } from '../ledger/public.ts';
import { openAllotment } from '../trading/public.ts';
import { uuidPattern, type ReviewKind } from '../reviews/public.ts';

/**
 * Issue 25: a block-trade application through the one review lifecycle. The amount at stake is price × shares, so
 * four eyes apply at or above the threshold. Approved: the held amount becomes the position's money (frozen → margin)
 * and the shares a holding position at the product's price, origin `block` (the "competition" tab), locked until the
 * product's lock-up; the turnover is recorded. Rejected: the hold is released, the reason on the application.
 */
export function blockReviewKind(profile: SessionProfile): ReviewKind {
  return {
    name: 'block',
    eventType: 'block.decided',
    idPattern: uuidPattern,
    table: 'block_applications',
    async lock(tx, id) {
      const [r] = await tx.query<{
        id: string;
        member_id: string;
        status: ReviewStatus;
        order_no: string;
        amount: string;
      }>(
        `SELECT id::text AS id, member_id::text AS member_id, status, order_no, amount::text AS amount
           FROM block_applications WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return r
        ? {
            id: r.id,
            memberId: r.member_id,
            status: r.status,
            target: r.order_no,
            amount: { value: new Decimal(r.amount), currency: 'JPY' },
          }
        : null;
    },
    async settle(tx, s, d) {
      const [a] = await tx.query<{ symbol: string; price: string; shares: string; amount: string; lock: Date | null }>(
        `SELECT p.symbol, p.price::text AS price, a.shares::text AS shares, a.amount::text AS amount,
                p.lock_up_until AS lock
           FROM block_applications a JOIN block_products p ON p.id = a.product_id WHERE a.id = $1`,
        [s.id],
      );
      if (!a) throw new Error('block: the locked application has no product');
      const amount = new Decimal(a.amount);
      let positionId: string | null = null;
      if (d.approved) {
        const position = await openAllotment(tx, {
          memberId: s.memberId,
          symbol: a.symbol,
          shares: a.shares,
          price: a.price,
          margin: amount,
          origin: 'block',
          lockedUntil: a.lock ? new Date(a.lock) : null,
          profile,
          at: d.at,
        });
        positionId = position.id;
      }
      await tx.query(
        `UPDATE block_applications SET status = $2, remarks = $3, decided_by = $4, decided_at = $5, position_id = $6,
                turnover = CASE WHEN $2 = 'approved' THEN amount ELSE 0 END
          WHERE id = $1`,
        [s.id, d.approved ? 'approved' : 'rejected', d.reason, d.staffId, d.at, positionId],
      );
      await post(
        tx,
        {
          kind: d.approved ? 'block_approve' : 'block_reject',
          reason: d.approved ? ledgerReasons.blockApproved : ledgerReasons.blockRejected,
          refType: 'block',
          refId: s.id,
          requestId: d.requestId,
          at: d.at,
          lines: decisionLines(s.memberId, amount, d.approved),
        },
        errorKeys.process.busy,
      );
    },
  };
}
