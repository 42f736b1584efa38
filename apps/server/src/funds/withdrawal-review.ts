import { transfer } from '@kabuto/domain/ledger/journal';
import type { Currency } from '@kabuto/domain/currency';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, post } from '../ledger/public.ts';
import { lockMoneyApplication, uuidPattern, type ReviewKind } from '../reviews/public.ts';

/** Withdrawals under review: approval pays the frozen amount out to bank clearing; rejection returns it to available. */
export const withdrawalReviewKind: ReviewKind = {
  name: 'withdrawal',
  eventType: 'funds.withdrawalDecided',
  idPattern: uuidPattern,
  table: 'withdrawals',
  lock: (tx, id) => lockMoneyApplication(tx, 'withdrawals', id),
  async settle(tx, w, s) {
    await tx.query(`UPDATE withdrawals SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [
      w.id,
      s.approved ? 'approved' : 'rejected',
      s.reason,
      s.staffId,
      s.at,
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
