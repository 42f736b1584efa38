import type { Database, Sql, SqlParam } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { Decimal, money, toWire } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { borrowable, checkLendingTerms, creditLimit, type LendingTerms } from '@kabuto/domain/loans/lending-terms';
import { checkLoanApplication, type RepaymentPlan } from '@kabuto/domain/loans/loan-application';
import { decideRepayment } from '@kabuto/domain/loans/loan-decisions';
import { errorKeys } from '@kabuto/contracts/errors';
import { loanApplyRefusalKey, loanRepayRefusalKey } from '@kabuto/contracts/loans/refusals';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminLoanApplicationsCall,
  adminLoanSettingsCall,
  LoanSummary,
  LoanWire,
  RepaymentWire,
} from '@kabuto/contracts/loans/loans';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { lockEntryAccounts } from '@kabuto/db/ledger';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { creditScoreOf } from '../credit/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { orderNumberSql, orderNumberStem } from '../funds/public.ts';
import { writeOutbox } from '../platform/public.ts';
import type { ApprovalState, ReviewKind, ReviewsService } from '../reviews/public.ts';
import { chargeInterest, lockAccruing } from './loan-interest-job.ts';
import {
  lendingTermsOf,
  loanColumns,
  loanWire,
  repaymentSelect,
  repaymentWire,
  termsWire,
  type LoanRow,
  type RepaymentRow,
} from './loan-rows.ts';

export interface LoanDeps {
  db: Database;
  clock: Clock;
  reviews: ReviewsService;
  kind: ReviewKind;
  afterCommit?: () => void;
}

type Settings = ResponseOf<typeof adminLoanSettingsCall>;

/**
 * Issue 26: credit loans. Every rule is the domain's (packages/domain/src/loans): the limit from the credit score by
 * the published rule, the application check, daily interest, the repayment. The server loads the facts (locked where
 * a decision depends on them), applies the decision and its ledger lines in one transaction, and tells the member
 * through the outbox (`loan.changed`).
 */
export function loanService(deps: LoanDeps) {
  const { db, clock } = deps;

  const loanOf = async (sql: Sql, where: string, params: readonly SqlParam[]): Promise<LoanRow | null> =>
    (await sql.query<LoanRow>(`SELECT ${loanColumns} FROM loans l WHERE ${where}`, params))[0] ?? null;

  /** What counts against the limit: principal and interest owed, and amounts waiting for review. */
  const exposure = async (sql: Sql, memberId: string) => {
    const [r] = await sql.query<{ owed: string; pending: string; open: boolean }>(
      `SELECT coalesce(sum(principal + interest) FILTER (WHERE status = 'approved'), 0)::text AS owed,
              coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::text AS pending,
              count(*) FILTER (WHERE status IN ('pending', 'approved')) > 0 AS open
         FROM loans WHERE member_id = $1`,
      [memberId],
    );
    return { owed: money(r?.owed ?? '0'), pending: money(r?.pending ?? '0'), open: r?.open ?? false };
  };

  const event = (tx: Sql, memberId: string, kind: string, orderNo: string, at: Date) =>
    writeOutbox(tx, { topic: 'member', memberId, type: 'loan.changed', payload: { kind, target: orderNo } }, at);

  const repaymentOf = async (where: string, params: readonly SqlParam[]): Promise<RepaymentRow | null> =>
    (await db.query<RepaymentRow>(`${repaymentSelect} WHERE ${where}`, params))[0] ?? null;

  return {
    /** /user/jk: score, limit by the published rule, borrowable, borrowed, the terms and the open loan. */
    async summary(p: Principal): Promise<LoanSummary> {
      const { terms } = await lendingTermsOf(db);
      const { score } = await creditScoreOf(db, p.memberId);
      const e = await exposure(db, p.memberId);
      const limit = creditLimit(score, terms);
      const open = await loanOf(db, `l.member_id = $1 AND l.status IN ('pending', 'approved')`, [p.memberId]);
      const [a] = await db.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`,
        [p.memberId],
      );
      return {
        score,
        creditLimit: toWire(limit),
        borrowable: toWire(borrowable(limit, e.owed.plus(e.pending))),
        borrowed: toWire(e.owed),
        pending: toWire(e.pending),
        available: toWire(money(a?.balance ?? '0')),
        terms: termsWire(terms),
        open: open ? loanWire(open) : null,
      };
    },

    async byClientKey(p: Principal, key: string): Promise<LoanWire | null> {
      const r = await loanOf(db, 'l.member_id = $1 AND l.client_key = $2', [p.memberId, key]);
      return r ? loanWire(r) : null;
    },

    /**
     * SPEC §4: the application is submitted for review. In one transaction the terms (FOR SHARE) and the member's
     * facts are read, the domain decides, and the application is written; one loan at a time is also a unique index,
     * so two applications racing each other leave one ("repay first" for the other). Nothing moves until approval.
     */
    async apply(
      p: Principal,
      body: { amount: string; termDays: number; plan: RepaymentPlan },
      clientKey: string | null,
    ): Promise<LoanWire> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      try {
        const id = await db.transaction(async (tx) => {
          const { terms } = await lendingTermsOf(tx, true);
          const [m] = await tx.query<{ verified: boolean }>(
            `SELECT real_name_status = 'verified' AS verified FROM members WHERE id = $1 FOR SHARE`,
            [p.memberId],
          );
          const { score } = await creditScoreOf(tx, p.memberId);
          const e = await exposure(tx, p.memberId);
          const check = checkLoanApplication({
            terms,
            score,
            outstanding: e.owed.plus(e.pending),
            hasOpenLoan: e.open,
            realNameVerified: m?.verified ?? false,
            amount: body.amount,
            termDays: body.termDays,
          });
          if ('refused' in check) throw refuse(loanApplyRefusalKey[check.refused]);
          const [row] = await tx.query<{ id: string; order_no: string }>(
            `INSERT INTO loans (order_no, member_id, amount, term_days, plan, daily_rate, client_key, created_at)
             VALUES (${orderNumberSql(1)}, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id, order_no`,
            [
              orderNumberStem('L', now),
              p.memberId,
              check.ok.amount.toFixed(),
              body.termDays,
              body.plan,
              terms.dailyRate,
              clientKey,
              now,
            ],
          );
          if (!row) throw new Error('loan: no application written');
          await event(tx, p.memberId, 'applied', row.order_no, now);
          return row.id;
        });
        deps.afterCommit?.();
        return loanWire((await loanOf(db, 'l.id = $1', [id])) as LoanRow);
      } catch (err) {
        if (isUniqueViolation(err)) {
          // The same Idempotency-Key's retry raced this one: answer with what it wrote.
          if (clientKey) {
            const again = await this.byClientKey(p, clientKey);
            if (again) return again;
          }
          // Another application committed first: one loan at a time.
          throw refuse(errorKeys.loan.unpaidFirst);
        }
        throw err;
      }
    },

    /** /user/jkjl: the member's loans, newest first. */
    async list(p: Principal, q: { page: number; pageSize: number }): Promise<{ items: LoanWire[]; total: number }> {
      const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM loans WHERE member_id = $1`, [
        p.memberId,
      ]);
      const rows = await db.query<LoanRow>(
        `SELECT ${loanColumns} FROM loans l WHERE l.member_id = $1 ORDER BY l.created_at DESC, l.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId],
      );
      return { items: rows.map(loanWire), total: Number(count?.n ?? 0) };
    },

    /** /user/jkjl: the member's repayments, newest first. */
    async repayments(
      p: Principal,
      q: { page: number; pageSize: number },
    ): Promise<{ items: RepaymentWire[]; total: number }> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM loan_repayments WHERE member_id = $1`,
        [p.memberId],
      );
      const rows = await db.query<RepaymentRow>(
        `${repaymentSelect} WHERE r.member_id = $1 ORDER BY r.created_at DESC, r.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId],
      );
      return { items: rows.map(repaymentWire), total: Number(count?.n ?? 0) };
    },

    async repaymentByClientKey(p: Principal, key: string) {
      const r = await repaymentOf('r.member_id = $1 AND r.client_key = $2', [p.memberId, key]);
      if (!r) return null;
      return { loan: loanWire((await loanOf(db, 'l.id = $1', [r.loan_id])) as LoanRow), repayment: repaymentWire(r) };
    },

    /**
     * Repayable any time without penalty (SPEC §9). The loan row is locked first, so parallel repayments queue and
     * each sees what the one before left owed; then its accounts in id order; interest still owed up to today is
     * charged first (so the member repays what is really owed, and no day is lost or doubled); then the domain
     * decides the repayment — interest first, then principal, never above what is owed — and it is posted.
     */
    async repay(
      p: Principal,
      body: { id: string; amount: string },
      clientKey: string | null,
      requestId: string,
    ): Promise<{ loan: LoanWire; repayment: RepaymentWire }> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      try {
        const repaymentId = await db.transaction(async (tx) => {
          const [held] = await tx.query<{ id: string; status: string; member_id: string }>(
            `SELECT id::text AS id, status, member_id::text AS member_id FROM loans WHERE id = $1 FOR UPDATE`,
            [body.id],
          );
          if (!held || held.member_id !== p.memberId) throw refuse(errorKeys.loan.notFound);
          if (held.status !== 'approved') throw refuse(errorKeys.loan.notOutstanding);
          const entry = { refType: 'loan', refId: held.id };
          await lockEntryAccounts(tx, entry, [
            { member: p.memberId, book: 'available' },
            { member: p.memberId, book: 'loan' },
            { house: 'interest' },
          ]);
          const accruing = await lockAccruing(tx, held.id);
          if (accruing) await chargeInterest(tx, [accruing], sessionDate(now), now);
          const loan = (await loanOf(tx, 'l.id = $1', [held.id])) as LoanRow;
          const d = decideRepayment(
            { memberId: p.memberId, principal: new Decimal(loan.principal), interest: new Decimal(loan.interest) },
            body.amount,
          );
          if ('refused' in d) throw refuse(loanRepayRefusalKey[d.refused]);
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO loan_repayments (loan_id, member_id, amount, interest_paid, principal_paid, client_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
            [
              held.id,
              p.memberId,
              d.ok.amount.toFixed(),
              d.ok.interestPaid.toFixed(),
              d.ok.principalPaid.toFixed(),
              clientKey,
              now,
            ],
          );
          if (!row) throw new Error('loan: no repayment written');
          await tx.query(
            `UPDATE loans SET principal = $2, interest = $3, repaid_total = repaid_total + $4,
                    status = CASE WHEN $5 THEN 'repaid' ELSE status END, repaid_at = CASE WHEN $5 THEN $6::timestamptz END
              WHERE id = $1`,
            [
              held.id,
              d.ok.principalAfter.toFixed(),
              d.ok.interestAfter.toFixed(),
              d.ok.amount.toFixed(),
              d.ok.repaid,
              now,
            ],
          );
          await post(
            tx,
            {
              kind: 'loan_repay',
              reason: ledgerReasons.loanRepaid,
              refType: 'loan',
              refId: held.id,
              requestId,
              at: now,
              lines: d.ok.lines,
              clientKey,
            },
            errorKeys.funds.insufficientAvailable,
          );
          await event(tx, p.memberId, d.ok.repaid ? 'repaid' : 'repayment', loan.order_no, now);
          return row.id;
        });
        deps.afterCommit?.();
        const r = (await repaymentOf('r.id = $1', [repaymentId])) as RepaymentRow;
        return { loan: loanWire((await loanOf(db, 'l.id = $1', [r.loan_id])) as LoanRow), repayment: repaymentWire(r) };
      } catch (err) {
        if (isUniqueViolation(err) && clientKey) {
          const again = await this.repaymentByClientKey(p, clientKey);
          if (again) return again;
        }
        throw err;
      }
    },

    // ——— Back office ———

    /** Staff's queue: everything needed to decide (the member's score and limit now), oldest waiting first. */
    async adminApplications(q: {
      status: ReviewStatus;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminLoanApplicationsCall>> {
      // 'approved' lists the loans that were approved, repaid since or not.
      const statuses = q.status === 'approved' ? ['approved', 'repaid'] : [q.status];
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM loans WHERE status = ANY($1::text[])`,
        [statuses],
      );
      const rows = await db.query<LoanRow & { account: string; real_name: string | null }>(
        `SELECT ${loanColumns}, m.account, m.real_name FROM loans l JOIN members m ON m.id = l.member_id
          WHERE l.status = ANY($1::text[])
          ORDER BY l.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'}, l.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [statuses],
      );
      const approvals = await deps.reviews.approvalsOf(
        deps.kind,
        rows.map((r) => ({ id: r.id, amount: { value: new Decimal(r.amount), currency: 'JPY' } })),
      );
      const { terms } = await lendingTermsOf(db);
      const items = [];
      for (const r of rows) {
        const { score } = await creditScoreOf(db, r.member_id);
        const wire = loanWire(r);
        items.push({
          ...wire,
          status: wire.status === 'repaid' ? ('approved' as const) : wire.status,
          loanStatus: wire.status,
          ...(approvals.get(r.id) as ApprovalState),
          memberId: r.member_id,
          account: r.account,
          realName: r.real_name,
          score,
          creditLimit: toWire(creditLimit(score, terms)),
        });
      }
      return { total: Number(count?.n ?? 0), items };
    },

    async settings(): Promise<Settings> {
      const t = await lendingTermsOf(db);
      return { ...termsWire(t.terms), updatedBy: t.updatedBy, updatedAt: t.updatedAt };
    },

    /** Staff save the lending terms (audited with their reason); they apply to applications from now on. */
    async saveSettings(staff: StaffPrincipal, body: LendingTerms & { reason: string }, requestId: string) {
      const now = clock.now();
      const terms: LendingTerms = {
        open: body.open,
        dailyRate: body.dailyRate.trim(),
        minTermDays: body.minTermDays,
        maxTermDays: body.maxTermDays,
        yenPerPoint: body.yenPerPoint.trim(),
        scoreFloor: body.scoreFloor,
      };
      if (checkLendingTerms(terms) !== null) throw refuse(errorKeys.request.invalid);
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO lending_terms (id, open, daily_rate, min_term_days, max_term_days, yen_per_point, score_floor,
                                      updated_by, updated_at)
           VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (id) DO UPDATE SET open = EXCLUDED.open, daily_rate = EXCLUDED.daily_rate,
             min_term_days = EXCLUDED.min_term_days, max_term_days = EXCLUDED.max_term_days,
             yen_per_point = EXCLUDED.yen_per_point, score_floor = EXCLUDED.score_floor,
             updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
          [
            terms.open,
            terms.dailyRate,
            terms.minTermDays,
            terms.maxTermDays,
            terms.yenPerPoint,
            terms.scoreFloor,
            staff.memberId,
            now,
          ],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'loan.settingsSave',
            target: `${terms.open ? 'open' : 'closed'} ${terms.dailyRate}/day ${terms.minTermDays}-${terms.maxTermDays}d`,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return this.settings();
    },
  };
}
export type LoanService = ReturnType<typeof loanService>;

/**
 * The loans' side of reconciliation: for every member, what the loans say is owed (principal + interest of loans not
 * yet repaid) equals what the member's `loan` book says (its balance, negated). The ledger's own reconcile proves the
 * book against the journal; this proves the loans against the book. Answers the members that differ.
 */
export async function reconcileLoans(sql: Sql): Promise<{ memberId: string; owed: string; book: string }[]> {
  return sql.query<{ memberId: string; owed: string; book: string }>(
    `WITH owed AS (SELECT member_id, sum(principal + interest) AS owed FROM loans WHERE status = 'approved' GROUP BY member_id),
          book AS (SELECT member_id, -balance AS book FROM ledger_accounts WHERE book = 'loan' AND currency = 'JPY')
     SELECT coalesce(o.member_id, b.member_id)::text AS "memberId", coalesce(o.owed, 0)::text AS owed,
            coalesce(b.book, 0)::text AS book
       FROM owed o FULL JOIN book b ON b.member_id = o.member_id
      WHERE coalesce(o.owed, 0) <> coalesce(b.book, 0)`,
  );
}
