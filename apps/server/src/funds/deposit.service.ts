import type { Database, Sql } from '@kabuto/db/database';
import { moneyWindow } from '@kabuto/domain/calendar/money-window';
import { Decimal, toWire } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import { errorKeys } from '@kabuto/contracts/errors';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import { refuse } from '../http/app-error.ts';
import type { Principal, StaffPrincipal } from '../http/policy.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requireOwnUpload } from '../uploads/upload.service.ts';
import { requireActiveChannel, resolveWindowRule } from '../channels/channel.service.ts';
import { recordCreditEvent } from '../credit/credit-score.service.ts';
import { ledgerReasons, post } from '../ledger/post.ts';
import { orderNumber } from './order-number.ts';
import { fundRecord, type FundRow } from './fund-record.ts';
import { parseAmount, requireWithin } from './amount-limits.ts';
import { refuseIfRestricted } from '../accounts/restrictions.ts';

// SPEC §1, §9: the inviter receives ¥200 when the invitee's first deposit is approved.
export const referralReward = { amount: '200', currency: 'JPY' } as const;

/** The code a member puts on the bank transfer so staff can match it (SPEC §3 Deposit). */
export const referenceCodeFor = (account: string): string => `K${account}`;

interface DepositRow extends FundRow {
  member_id: string;
  channel_name: string;
  reference_code: string;
}

const depositRecord = (r: DepositRow): FundRecord & { referenceCode: string } => ({
  ...fundRecord(r, 'deposit', r.channel_name),
  referenceCode: r.reference_code,
});

const depositSelect = `SELECT d.id, d.order_no, d.member_id, c.name AS channel_name, d.currency, d.amount::text AS amount, d.reference_code,
  d.status, d.remarks, d.created_at, d.decided_at FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id`;

export function depositService(deps: { db: Database; clock: Clock; marketProfile: 'demo' | 'tse' }) {
  const { db, clock } = deps;

  async function payReferralIfFirst(tx: Sql, memberId: string, depositId: string, requestId: string, at: Date): Promise<void> {
    const [m] = await tx.query<{ inviter_id: string | null }>(`SELECT inviter_id FROM members WHERE id = $1`, [memberId]);
    if (!m?.inviter_id) return;
    const approved = await tx.query(`SELECT 1 FROM deposits WHERE member_id = $1 AND status = 'approved' AND id <> $2 LIMIT 1`, [memberId, depositId]);
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
        lines: transfer({ house: 'referral_rewards' }, { member: m.inviter_id, book: 'available' }, referralReward.currency, new Decimal(referralReward.amount)),
      },
      errorKeys.process.busy,
    );
  }

  return {
    async create(p: Principal, body: { channelId: string; amount: string; receiptImageId: string }): Promise<FundRecord & { referenceCode: string }> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      const channel = await requireActiveChannel(db, body.channelId);
      if (!moneyWindow(resolveWindowRule(channel.windowRule, deps.marketProfile), now).open) throw refuse(errorKeys.funds.depositClosed, 422);
      const amount = parseAmount(body.amount, channel.currency);
      requireWithin(amount, channel.min, channel.max, { below: errorKeys.funds.depositBelowMin, above: errorKeys.funds.depositAboveMax });
      await requireOwnUpload(db, p.memberId, body.receiptImageId, 'deposit_receipt');
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO deposits (order_no, member_id, channel_id, currency, amount, reference_code, receipt_upload_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [orderNumber('D', now), p.memberId, channel.id, channel.currency, toWire(amount), referenceCodeFor(p.account), body.receiptImageId, now],
      );
      const [created] = await db.query<DepositRow>(`${depositSelect} WHERE d.id = $1`, [row?.id ?? '']);
      return depositRecord(created as DepositRow);
    },

    /** Staff decision: approval credits the member through the ledger in the same transaction. */
    async decide(staff: StaffPrincipal, body: { id: string; decision: 'approve' | 'reject'; reason: string }, requestId: string): Promise<null> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [d] = await tx.query<{ id: string; member_id: string; amount: string; currency: 'JPY'; status: string; order_no: string }>(
          `SELECT id, member_id, amount::text AS amount, currency, status, order_no FROM deposits WHERE id::text = $1 FOR UPDATE`,
          [body.id],
        );
        if (!d) throw refuse(errorKeys.order.notExist, 404);
        if (d.status !== 'pending') throw refuse(errorKeys.order.notInReview, 409);
        const status = body.decision === 'approve' ? 'approved' : 'rejected';
        await tx.query(`UPDATE deposits SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [d.id, status, body.reason, staff.memberId, now]);
        if (status === 'approved') {
          await post(
            tx,
            {
              kind: 'deposit',
              reason: ledgerReasons.deposit,
              refType: 'deposit',
              refId: d.order_no,
              requestId,
              at: now,
              lines: transfer({ house: 'bank_clearing' }, { member: d.member_id, book: 'available' }, d.currency, new Decimal(d.amount)),
            },
            errorKeys.process.busy,
          );
          await payReferralIfFirst(tx, d.member_id, d.id, requestId, now);
        }
        await recordCreditEvent(tx, { memberId: d.member_id, rule: status === 'approved' ? 'depositApproved' : 'depositRejected', refType: 'deposit', refId: d.id, at: now });
        await recordAudit(tx, { actorId: staff.memberId, actorRole: staff.role, action: `deposit.${body.decision}`, target: d.order_no, reason: body.reason, requestId }, now);
      });
      return null;
    },
  };
}
