import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database } from '@kabuto/db/database';
import { moneyWindow } from '@kabuto/domain/calendar/money-window';
import { Decimal, toWire } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import { errorKeys } from '@kabuto/contracts/errors';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { withdrawInfoCall } from '@kabuto/contracts/funds/withdrawals';
import { refuse } from '../http/app-error.ts';
import type { Principal, StaffPrincipal } from '../http/policy.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { verifySecret } from '../accounts/password-hash.ts';
import { requireOwnCard } from '../cards/bank-card.service.ts';
import { resolveWindowRule, withdrawalLimits } from '../channels/channel.service.ts';
import { creditScoreOf } from '../credit/credit-score.service.ts';
import { ledgerReasons, post } from '../ledger/post.ts';
import { orderNumber } from './order-number.ts';
import { fundRecord, type FundRow } from './fund-record.ts';
import { parseAmount, requireWithin } from './amount-limits.ts';
import { refuseIfRestricted } from '../accounts/restrictions.ts';

interface WithdrawalRow extends FundRow {
  bank_name: string;
  card_number: string;
}

const withdrawalSelect = `SELECT w.id, w.order_no, w.currency, w.amount::text AS amount, w.status, w.remarks, w.created_at, w.decided_at,
  c.bank_name, c.card_number FROM withdrawals w JOIN bank_cards c ON c.id = w.bank_card_id`;

const withdrawalRecord = (r: WithdrawalRow): FundRecord => fundRecord(r, 'withdrawal', `${r.bank_name} ****${r.card_number.slice(-4)}`);


// Withdrawals carry no fee (issue 3; DESIGN "no hidden fee").
export const withdrawalFee = '0';

export function withdrawalService(deps: { db: Database; clock: Clock; marketProfile: 'demo' | 'tse' }) {
  const { db, clock } = deps;
  const available = async (memberId: string): Promise<Decimal> => {
    const [row] = await db.query<{ balance: string }>(`SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`, [memberId]);
    return new Decimal(row?.balance ?? '0');
  };

  return {
    async info(p: Principal): Promise<ResponseOf<typeof withdrawInfoCall>> {
      const limits = await withdrawalLimits(db);
      const window = moneyWindow(resolveWindowRule(limits.windowRule, deps.marketProfile), clock.now());
      const score = await creditScoreOf(db, p.memberId);
      const [m] = await db.query<{ has_pin: boolean; pending: boolean }>(
        `SELECT fund_password_hash IS NOT NULL AS has_pin, EXISTS (SELECT 1 FROM withdrawals WHERE member_id = $1 AND status = 'pending') AS pending FROM members WHERE id = $1`,
        [p.memberId],
      );
      return {
        currency: 'JPY',
        min: toWire(new Decimal(limits.min)),
        max: toWire(new Decimal(limits.max)),
        fee: withdrawalFee,
        withdrawable: toWire(await available(p.memberId)),
        window: { rule: window.rule, open: window.open, opensAt: window.opensAt?.toISOString() ?? null },
        creditScore: score.score,
        threshold: score.threshold,
        hasFundPassword: Boolean(m?.has_pin),
        pendingWithdrawal: Boolean(m?.pending),
      };
    },

    async create(p: Principal, body: { amount: string; fundPassword: string; bankCardId: string }, requestId: string): Promise<FundRecord> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_withdrawal']);
      const [m] = await db.query<{ fund_password_hash: string | null }>(`SELECT fund_password_hash FROM members WHERE id = $1`, [p.memberId]);
      if (!m?.fund_password_hash) throw refuse(errorKeys.password.fundNotSet, 409);
      if (!(await verifySecret(m.fund_password_hash, body.fundPassword))) throw refuse(errorKeys.password.fundWrong, 400);
      const limits = await withdrawalLimits(db);
      if (!moneyWindow(resolveWindowRule(limits.windowRule, deps.marketProfile), now).open) throw refuse(errorKeys.funds.withdrawClosed, 422);
      const amount = parseAmount(body.amount, 'JPY');
      requireWithin(amount, limits.min, limits.max, { below: errorKeys.funds.withdrawBelowMin, above: errorKeys.funds.withdrawAboveMax });
      const score = await creditScoreOf(db, p.memberId);
      if (score.score < score.threshold) throw refuse(errorKeys.funds.creditScoreTooLow, 403);
      try {
        const id = await db.transaction(async (tx) => {
          // Inside the transaction: the card row stays locked, so it cannot be removed under a new withdrawal.
          const card = await requireOwnCard(tx, p.memberId, body.bankCardId);
          const [row] = await tx.query<{ id: string; order_no: string }>(
            `INSERT INTO withdrawals (order_no, member_id, bank_card_id, currency, amount, created_at) VALUES ($1, $2, $3, 'JPY', $4, $5) RETURNING id, order_no`,
            [orderNumber('W', now), p.memberId, card.id, toWire(amount), now],
          );
          const w = row as { id: string; order_no: string };
          // The amount leaves `available` at once and waits in `frozen` until review.
          await post(
            tx,
            {
              kind: 'withdrawal_request',
              reason: ledgerReasons.withdrawalRequested,
              refType: 'withdrawal',
              refId: w.order_no,
              requestId,
              at: now,
              lines: transfer({ member: p.memberId, book: 'available' }, { member: p.memberId, book: 'frozen' }, 'JPY', amount),
            },
            errorKeys.funds.insufficientWithdrawable,
          );
          return w.id;
        });
        const [created] = await db.query<WithdrawalRow>(`${withdrawalSelect} WHERE w.id = $1`, [id]);
        return withdrawalRecord(created as WithdrawalRow);
      } catch (err) {
        if (isUniqueViolation(err, 'withdrawals_one_pending')) throw refuse(errorKeys.process.otherFundOperation, 409);
        throw err;
      }
    },

    /** Approval pays the frozen amount out to bank clearing; rejection returns it to available. */
    async decide(staff: StaffPrincipal, body: { id: string; decision: 'approve' | 'reject'; reason: string }, requestId: string): Promise<null> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [w] = await tx.query<{ id: string; member_id: string; amount: string; status: string; order_no: string }>(
          `SELECT id, member_id, amount::text AS amount, status, order_no FROM withdrawals WHERE id::text = $1 FOR UPDATE`,
          [body.id],
        );
        if (!w) throw refuse(errorKeys.order.notExist, 404);
        if (w.status !== 'pending') throw refuse(errorKeys.order.notInReview, 409);
        const approve = body.decision === 'approve';
        await tx.query(`UPDATE withdrawals SET status = $2, remarks = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [w.id, approve ? 'approved' : 'rejected', body.reason, staff.memberId, now]);
        const frozen = { member: w.member_id, book: 'frozen' } as const;
        await post(
          tx,
          {
            kind: approve ? 'withdrawal_paid' : 'withdrawal_returned',
            reason: approve ? ledgerReasons.withdrawalPaid : ledgerReasons.withdrawalReturned,
            refType: 'withdrawal',
            refId: w.order_no,
            requestId,
            at: now,
            lines: transfer(frozen, approve ? { house: 'bank_clearing' } : { member: w.member_id, book: 'available' }, 'JPY', new Decimal(w.amount)),
          },
          errorKeys.process.busy,
        );
        await recordAudit(tx, { actorId: staff.memberId, actorRole: staff.role, action: `withdrawal.${body.decision}`, target: w.order_no, reason: body.reason, requestId }, now);
      });
      return null;
    },
  };
}
