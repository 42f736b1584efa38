import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import type { Currency } from '@kabuto/domain/currency';
import { errorKeys } from '@kabuto/contracts/errors';
import { recordCreditEvent } from '../credit/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { lockMoneyApplication, uuidPattern, type ReviewKind } from '../reviews/public.ts';

// SPEC §1, §9: the inviter receives ¥200 when the invitee's first deposit is approved.
export const referralReward = { amount: '200', currency: 'JPY' } as const;

async function payReferralIfFirst(
  tx: Sql,
  memberId: string,
  depositId: string,
  requestId: string,
  at: Date,
): Promise<void> {
  const [m] = await tx.query<{ inviter_id: string | null }>(`SELECT inviter_id FROM members WHERE id = $1`, [memberId]);
  if (!m?.inviter_id) return;
  const approved = await tx.query(
    `SELECT 1 FROM deposits WHERE member_id = $1 AND status = 'approved' AND id <> $2 LIMIT 1`,
    [memberId, depositId],
  );
  if (approved.length > 0) return;
  const paid = await tx.query(`SELECT 1 FROM journal_entries WHERE ref_type = 'referral' AND ref_id = $1`, [memberId]);
  if (paid.length > 0) return;
  await post(
    tx,
    {
      kind: 'referral_reward',
      reason: ledgerReasons.referralReward,
      refType: 'referral',
      refId: memberId,
      requestId,
      at,
      lines: transfer(
        { house: 'referral_rewards' },
        { member: m.inviter_id, book: 'available' },
        referralReward.currency,
        new Decimal(referralReward.amount),
      ),
    },
    errorKeys.process.busy,
  );
}

/** Deposits under review: approval credits bank clearing → available (and the first deposit's referral reward). */
export const depositReviewKind: ReviewKind = {
  name: 'deposit',
  eventType: 'funds.depositDecided',
  idPattern: uuidPattern,
  table: 'deposits',
  lock: (tx, id) => lockMoneyApplication(tx, 'deposits', id),
  async settle(tx, d, s) {
    await tx.query(`UPDATE deposits SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [
      d.id,
      s.approved ? 'approved' : 'rejected',
      s.reason,
      s.staffId,
      s.at,
    ]);
    if (s.approved && d.amount) {
      await post(
        tx,
        {
          kind: 'deposit',
          reason: ledgerReasons.deposit,
          refType: 'deposit',
          refId: d.target,
          requestId: s.requestId,
          at: s.at,
          lines: transfer(
            { house: 'bank_clearing' },
            { member: d.memberId, book: 'available' },
            d.amount.currency as Currency,
            d.amount.value,
          ),
        },
        errorKeys.process.busy,
      );
      await payReferralIfFirst(tx, d.memberId, d.id, s.requestId, s.at);
    }
    await recordCreditEvent(tx, {
      memberId: d.memberId,
      rule: s.approved ? 'depositApproved' : 'depositRejected',
      refType: 'deposit',
      refId: d.id,
      at: s.at,
    });
  },
};
