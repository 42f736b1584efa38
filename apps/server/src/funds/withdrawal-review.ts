import { Decimal } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import type { Currency } from '@kabuto/domain/currency';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { ledgerReasons, post } from '../ledger/post.ts';
import { uuidPattern, type ReviewKind } from '../reviews/review-kind.ts';

/** Withdrawals under review: approval pays the frozen amount out to bank clearing; rejection returns it to available. */
export const withdrawalReviewKind: ReviewKind = {
  name: 'withdrawal',
  idPattern: uuidPattern,
  table: 'withdrawals',
  async lock(tx, id) {
    const [w] = await tx.query<{ id: string; member_id: string; amount: string; currency: string; status: ReviewStatus; order_no: string }>(
      `SELECT id::text AS id, member_id::text AS member_id, amount::text AS amount, currency, status, order_no FROM withdrawals WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!w) return null;
    return { id: w.id, memberId: w.member_id, status: w.status, target: w.order_no, amount: { value: new Decimal(w.amount), currency: w.currency } };
  },
  async settle(tx, w, s) {
    await tx.query(`UPDATE withdrawals SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [
      w.id, s.approved ? 'approved' : 'rejected', s.reason, s.staffId, s.at,
    ]);
    if (!w.amount) return;
    await post(
      tx,
      {
        kind: s.approved ? 'withdrawal_paid' : 'withdrawal_returned',
        reason: s.approved ? ledgerReasons.withdrawalPaid : ledgerReasons.withdrawalReturned,
        refType: 'withdrawal',
        refId: w.target,
        requestId: s.requestId,
        at: s.at,
        lines: transfer(
          { member: w.memberId, book: 'frozen' },
          s.approved ? { house: 'bank_clearing' } : { member: w.memberId, book: 'available' },
          w.amount.currency as Currency,
          w.amount.value,
        ),
      },
      errorKeys.process.busy,
    );
  },
};
