import { Decimal } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { disburseLines } from '@kabuto/domain/loans/loan-decisions';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, post } from '../ledger/public.ts';
import { uuidPattern, type ReviewKind } from '../reviews/public.ts';

/**
 * Issue 26: a credit-loan application through the one review lifecycle (own case refused, four eyes at or above the
 * threshold come with it). Approved: the loan is paid out (loan → available) and starts owing interest from the next
 * JST day; rejected: the reason stays on the loan and nothing moves.
 */
export const loanReviewKind: ReviewKind = {
  name: 'loan',
  eventType: 'loan.changed',
  idPattern: uuidPattern,
  table: 'loans',
  async lock(tx, id) {
    const [r] = await tx.query<{ id: string; member_id: string; status: string; order_no: string; amount: string }>(
      `SELECT id::text AS id, member_id::text AS member_id, status, order_no, amount::text AS amount
         FROM loans WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!r) return null;
    return {
      id: r.id,
      memberId: r.member_id,
      // A repaid loan was approved once: not in review.
      status: r.status === 'pending' ? 'pending' : r.status === 'rejected' ? 'rejected' : 'approved',
      target: r.order_no,
      amount: { value: new Decimal(r.amount), currency: 'JPY' },
    };
  },
  async settle(tx, s, d) {
    if (!d.approved) {
      await tx.query(
        `UPDATE loans SET status = 'rejected', remarks = $2, decided_by = $3, decided_at = $4 WHERE id = $1`,
        [s.id, d.reason, d.staffId, d.at],
      );
      return;
    }
    const amount = s.amount?.value;
    if (!amount) throw new Error('loan: the locked application has no amount');
    await tx.query(
      `UPDATE loans SET status = 'approved', remarks = $2, decided_by = $3, decided_at = $4, disbursed_at = $4,
              principal = amount, interest_through = $5::date
        WHERE id = $1`,
      [s.id, d.reason, d.staffId, d.at, sessionDate(d.at)],
    );
    await post(
      tx,
      {
        kind: 'loan_disburse',
        reason: ledgerReasons.loanDisbursed,
        refType: 'loan',
        refId: s.id,
        requestId: d.requestId,
        at: d.at,
        lines: disburseLines(s.memberId, amount),
      },
      errorKeys.process.busy,
    );
  },
};
