import type { Database, Sql } from '@kabuto/db/database';
import type { EntryInput } from '@kabuto/db/ledger';
import { Decimal, toWire } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { accrue } from '@kabuto/domain/loans/loan-decisions';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { writeOutboxOncePerMember, type JobDefinition } from '../platform/public.ts';

interface AccruingRow {
  id: string;
  member_id: string;
  order_no: string;
  principal: string;
  interest: string;
  daily_rate: string;
  interest_through: string;
}

/**
 * Charges every day of interest the given loans (locked by the caller, status approved) owe up to `today`, as the
 * domain's `accrue` decides: one entry a loan covering its days, the loans' interest and `interest_through` moved on,
 * and a `loan.changed` event for each member charged — three ledger statements and one update for any number of
 * loans. Answers how many loans were charged money.
 */
export async function chargeInterest(tx: Sql, rows: readonly AccruingRow[], today: string, at: Date): Promise<number> {
  const entries: EntryInput[] = [];
  const moved: { id: string; interest: string; charge: string }[] = [];
  const charged: AccruingRow[] = [];
  for (const r of rows) {
    const d = accrue(
      {
        memberId: r.member_id,
        principal: new Decimal(r.principal),
        interest: new Decimal(r.interest),
        dailyRate: r.daily_rate,
        interestThrough: r.interest_through,
      },
      today,
    );
    if (d.covers === null) continue;
    moved.push({ id: r.id, interest: toWire(d.interestAfter), charge: toWire(d.charge) });
    if (d.lines.length === 0) continue;
    charged.push(r);
    entries.push({
      kind: 'loan_interest',
      reason: ledgerReasons.loanInterest,
      refType: 'loan',
      refId: r.id,
      at,
      covers: d.covers,
      lines: d.lines,
    });
  }
  if (moved.length === 0) return 0;
  await postMany(tx, entries, errorKeys.process.busy);
  await tx.query(
    `UPDATE loans l SET interest = u.interest, interest_charged = l.interest_charged + u.charge, interest_through = $4::date
       FROM unnest($1::uuid[], $2::numeric[], $3::numeric[]) AS u(id, interest, charge) WHERE l.id = u.id`,
    [moved.map((m) => m.id), moved.map((m) => m.interest), moved.map((m) => m.charge), today],
  );
  await writeOutboxOncePerMember(
    tx,
    charged.map((r) => ({
      topic: 'member' as const,
      memberId: r.member_id,
      type: 'loan.changed',
      payload: { kind: 'interest', target: r.order_no },
    })),
    at,
  );
  return charged.length;
}

const accruingSelect = `SELECT id::text AS id, member_id::text AS member_id, order_no, principal::text AS principal,
    interest::text AS interest, daily_rate::text AS daily_rate, interest_through::text AS interest_through FROM loans`;

/** Locks one loan owed and answers it for `chargeInterest` (a repayment charges what is due first). */
export async function lockAccruing(tx: Sql, id: string): Promise<AccruingRow | null> {
  const [r] = await tx.query<AccruingRow>(`${accruingSelect} WHERE id = $1 AND status = 'approved' FOR UPDATE`, [id]);
  return r ?? null;
}

/**
 * Issue 26: interest accrues daily (SPEC §9). Leader-only, daily at 00:20 JST: every loan owed is charged each JST day
 * after its last charged day up to today, in pages of `pageSize` loans, each page one transaction fenced by the leader
 * epoch (loans locked by id, then their accounts in id order). A page that failed, or a run whose leader lost its
 * term, leaves its loans' `interest_through` where it was, so the rerun charges exactly the days still owed and a
 * loan already charged today is passed over: each loan pays once a day, however often the job runs.
 */
export function loanInterestJob(
  db: Database,
  opts: { pageSize?: number; afterCommit?: () => void } = {},
): JobDefinition {
  const pageSize = opts.pageSize ?? 5000;
  return {
    name: 'loan.interest',
    schedule: { jstDailyAt: { hour: 0, minute: 20 } },
    run: async (now, fenced) => {
      const today = sessionDate(now);
      let after = '00000000-0000-0000-0000-000000000000';
      let loans = 0;
      for (;;) {
        const page = await fenced(async (tx) => {
          const rows = await tx.query<AccruingRow>(
            `${accruingSelect} WHERE status = 'approved' AND interest_through < $1::date AND id > $2::uuid
              ORDER BY id LIMIT ${pageSize} FOR UPDATE`,
            [today, after],
          );
          return { last: rows.at(-1)?.id ?? null, charged: await chargeInterest(tx, rows, today, now) };
        });
        loans += page.charged;
        if (page.charged > 0) opts.afterCommit?.();
        if (page.last === null) break;
        after = page.last;
      }
      return `${loans} loans charged interest up to ${today}`;
    },
  };
}
