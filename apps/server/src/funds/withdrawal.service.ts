import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database } from '@kabuto/db/database';
import { one } from '@kabuto/db/rows';
import { moneyWindow } from '@kabuto/domain/calendar/money-window';
import { Decimal, toWire } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import { withdrawalBlocker, type WithdrawalBlocker } from '@kabuto/domain/funds/withdrawal-eligibility';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { withdrawInfoCall } from '@kabuto/contracts/funds/withdrawals';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { checkFundPin } from '../accounts/public.ts';
import { requireSecondFactor } from '../twofactor/public.ts';
import { requireOwnCard } from '../cards/public.ts';
import { resolveWindowRule, withdrawalLimits } from '../channels/public.ts';
import { creditScoreOf } from '../credit/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { orderNumberSql, orderNumberStem } from './order-number.ts';
import { fundRecord, type FundRow } from './fund-record.ts';
import { parseAmount, requireWithin } from './amount-limits.ts';

interface WithdrawalRow extends FundRow {
  bank_name: string;
  card_number: string;
}

const withdrawalSelect = `SELECT w.id, w.order_no, w.currency, w.amount::text AS amount, w.status, w.remarks, w.created_at, w.decided_at,
  c.bank_name, c.card_number FROM withdrawals w JOIN bank_cards c ON c.id = w.bank_card_id`;

const withdrawalRecord = (r: WithdrawalRow): FundRecord =>
  fundRecord(r, 'withdrawal', `${r.bank_name} ****${r.card_number.slice(-4)}`);

// The domain names what blocks a withdrawal; these are the refusals the member reads for each.
const blockerRefusal: Record<WithdrawalBlocker, ErrorKey> = {
  frozen: errorKeys.restriction.frozen,
  noWithdrawal: errorKeys.restriction.noWithdrawal,
  noCard: errorKeys.cards.bankCardNotExist,
  noFundPassword: errorKeys.password.fundNotSet,
  pendingWithdrawal: errorKeys.process.otherFundOperation,
  creditScoreTooLow: errorKeys.funds.creditScoreTooLow,
  windowClosed: errorKeys.funds.withdrawClosed,
};

// Withdrawals carry no fee (issue 3; DESIGN "no hidden fee").
export const withdrawalFee = '0';

export function withdrawalService(deps: { db: Database; clock: Clock; marketProfile: 'demo' | 'tse' }) {
  const { db, clock } = deps;
  const available = async (memberId: string): Promise<Decimal> => {
    const [row] = await db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`,
      [memberId],
    );
    return new Decimal(row?.balance ?? '0');
  };
  /** The withdrawal a request with this Idempotency-Key created, if its transaction committed. */
  const byClientKey = async (p: Principal, clientKey: string): Promise<FundRecord | null> => {
    const [row] = await db.query<WithdrawalRow>(`${withdrawalSelect} WHERE w.member_id = $1 AND w.client_key = $2`, [
      p.memberId,
      clientKey,
    ]);
    return row ? withdrawalRecord(row) : null;
  };

  return {
    byClientKey,

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

    async create(
      p: Principal,
      body: { amount: string; fundPassword: string; bankCardId: string; twoFactorCode?: string | undefined },
      requestId: string,
      clientKey: string | null,
    ): Promise<FundRecord> {
      const now = clock.now();
      const limits = await withdrawalLimits(db);
      const score = await creditScoreOf(db, p.memberId);
      const [facts] = await db.query<{ restrictions: string[]; cards: number; has_pin: boolean; pending: boolean }>(
        `SELECT ARRAY(SELECT kind FROM member_restrictions WHERE member_id = $1 AND lifted_at IS NULL) AS restrictions,
                (SELECT count(*) FROM bank_cards WHERE member_id = $1 AND removed_at IS NULL)::int AS cards,
                fund_password_hash IS NOT NULL AS has_pin,
                EXISTS (SELECT 1 FROM withdrawals WHERE member_id = $1 AND status = 'pending') AS pending
           FROM members WHERE id = $1`,
        [p.memberId],
      );
      const blocker = withdrawalBlocker({
        restrictions: facts?.restrictions ?? [],
        cardCount: facts?.cards ?? 0,
        hasFundPassword: Boolean(facts?.has_pin),
        // A retry of a request that already created its withdrawal is answered below, not refused as "another operation".
        pendingWithdrawal: Boolean(facts?.pending) && !(clientKey && (await byClientKey(p, clientKey))),
        creditScore: score.score,
        creditThreshold: score.threshold,
        windowOpen: moneyWindow(resolveWindowRule(limits.windowRule, deps.marketProfile), now).open,
      });
      if (blocker) throw refuse(blockerRefusal[blocker]);
      await checkFundPin(db, p.memberId, body.fundPassword, now);
      const amount = parseAmount(body.amount, 'JPY');
      requireWithin(amount, limits.min, limits.max, {
        below: errorKeys.funds.withdrawBelowMin,
        above: errorKeys.funds.withdrawAboveMax,
      });
      // Issue 27: every withdrawal carries a code while two-step sign-in is on (after the cheap checks, before writing).
      await requireSecondFactor(db, p.memberId, body.twoFactorCode, now);
      try {
        const id = await db.transaction(async (tx) => {
          // Inside the transaction: the card row stays locked, so it cannot be removed under a new withdrawal.
          const card = await requireOwnCard(tx, p.memberId, body.bankCardId);
          const [row] = await tx.query<{ id: string; order_no: string }>(
            `INSERT INTO withdrawals (order_no, member_id, bank_card_id, currency, amount, created_at, client_key) VALUES (${orderNumberSql(1)}, $2, $3, 'JPY', $4, $5, $6) RETURNING id, order_no`,
            [orderNumberStem('W', now), p.memberId, card.id, toWire(amount), now, clientKey],
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
              lines: transfer(
                { member: p.memberId, book: 'available' },
                { member: p.memberId, book: 'frozen' },
                'JPY',
                amount,
              ),
            },
            errorKeys.funds.insufficientWithdrawable,
          );
          return w.id;
        });
        return withdrawalRecord(await one<WithdrawalRow>(db, `${withdrawalSelect} WHERE w.id = $1`, [id]));
      } catch (err) {
        // The same request twice (its first reply lost): answer with the withdrawal it created.
        const existing = clientKey && isUniqueViolation(err) ? await byClientKey(p, clientKey) : null;
        if (existing) return existing;
        if (isUniqueViolation(err, 'withdrawals_one_pending')) throw refuse(errorKeys.process.otherFundOperation);
        throw err;
      }
    },
  };
}
