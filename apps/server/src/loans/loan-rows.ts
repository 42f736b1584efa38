import type { Sql } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { apr, defaultLendingTerms, type LendingTerms } from '@kabuto/domain/loans/lending-terms';
import type { RepaymentPlan } from '@kabuto/domain/loans/loan-application';
import type { LoanWire, RepaymentWire } from '@kabuto/contracts/loans/loans';

/** A loan as stored (money as numeric text, dates as the driver gives them). */
export interface LoanRow {
  id: string;
  order_no: string;
  member_id: string;
  amount: string;
  term_days: number;
  plan: RepaymentPlan;
  daily_rate: string;
  status: LoanWire['status'];
  principal: string;
  interest: string;
  interest_charged: string;
  repaid_total: string;
  interest_through: string | null;
  remarks: string;
  created_at: Date;
  disbursed_at: Date | null;
  decided_at: Date | null;
  repaid_at: Date | null;
  due_date: string | null;
}

/** A loan's due date (a JST day): its payout day plus its term. */
export const dueDateOf = (l: string) => `((${l}.disbursed_at AT TIME ZONE 'Asia/Tokyo')::date + ${l}.term_days)`;

export const loanColumns = `l.id::text AS id, l.order_no, l.member_id::text AS member_id, l.amount::text AS amount,
  l.term_days, l.plan, l.daily_rate::text AS daily_rate, l.status, l.principal::text AS principal,
  l.interest::text AS interest, l.interest_charged::text AS interest_charged, l.repaid_total::text AS repaid_total,
  l.interest_through::text AS interest_through, l.remarks, l.created_at, l.disbursed_at, l.decided_at, l.repaid_at,
  ${dueDateOf('l')}::text AS due_date`;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function loanWire(r: LoanRow): LoanWire {
  return {
    id: r.id,
    orderNo: r.order_no,
    amount: toWire(money(r.amount)),
    termDays: r.term_days,
    plan: r.plan,
    dailyRate: toWire(money(r.daily_rate)),
    apr: toWire(apr(toWire(money(r.daily_rate)))),
    status: r.status,
    principal: toWire(money(r.principal)),
    interest: toWire(money(r.interest)),
    interestCharged: toWire(money(r.interest_charged)),
    repaidTotal: toWire(money(r.repaid_total)),
    interestThrough: r.interest_through,
    remarks: r.remarks,
    createdAt: new Date(r.created_at).toISOString(),
    disbursedAt: iso(r.disbursed_at),
    decidedAt: iso(r.decided_at),
    repaidAt: iso(r.repaid_at),
    dueDate: r.disbursed_at ? r.due_date : null,
  };
}

export interface RepaymentRow {
  id: string;
  loan_id: string;
  order_no: string;
  amount: string;
  interest_paid: string;
  principal_paid: string;
  created_at: Date;
}

export const repaymentSelect = `SELECT r.id::text AS id, r.loan_id::text AS loan_id, l.order_no, r.amount::text AS amount,
    r.interest_paid::text AS interest_paid, r.principal_paid::text AS principal_paid, r.created_at
  FROM loan_repayments r JOIN loans l ON l.id = r.loan_id`;

export const repaymentWire = (r: RepaymentRow): RepaymentWire => ({
  id: r.id,
  loanId: r.loan_id,
  loanOrderNo: r.order_no,
  amount: toWire(money(r.amount)),
  interestPaid: toWire(money(r.interest_paid)),
  principalPaid: toWire(money(r.principal_paid)),
  createdAt: new Date(r.created_at).toISOString(),
});

export interface TermsRow {
  terms: LendingTerms;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The lending terms staff set; closed defaults until they do. `lock` takes them FOR SHARE (an application's facts). */
export async function lendingTermsOf(sql: Sql, lock = false): Promise<TermsRow> {
  const [r] = await sql.query<{
    open: boolean;
    daily_rate: string;
    min_term_days: number;
    max_term_days: number;
    yen_per_point: string;
    score_floor: number;
    updated_by: string | null;
    updated_at: Date | null;
  }>(
    `SELECT t.open, t.daily_rate::text AS daily_rate, t.min_term_days, t.max_term_days,
            t.yen_per_point::text AS yen_per_point, t.score_floor,
            (SELECT account FROM members m WHERE m.id = t.updated_by) AS updated_by, t.updated_at
       FROM lending_terms t WHERE t.id = 1 ${lock ? 'FOR SHARE' : ''}`,
  );
  if (!r) return { terms: defaultLendingTerms, updatedBy: null, updatedAt: null };
  return {
    terms: {
      open: r.open,
      dailyRate: toWire(money(r.daily_rate)),
      minTermDays: r.min_term_days,
      maxTermDays: r.max_term_days,
      yenPerPoint: toWire(money(r.yen_per_point)),
      scoreFloor: r.score_floor,
    },
    updatedBy: r.updated_by,
    updatedAt: iso(r.updated_at),
  };
}

export const termsWire = (t: LendingTerms) => ({ ...t, apr: toWire(apr(t.dailyRate)) });
