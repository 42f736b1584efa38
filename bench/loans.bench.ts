// Issue 26 benchmark (`npm run bench:loans`, also part of `npm run bench`; not part of `npm test`), beside a baseline
// measured in the same run: the daily interest job (`loan.interest`) over 100,000 loans owed on PostgreSQL — every
// loan locked, its day's interest decided by the domain (`accrue`), one ledger entry a loan, the loans moved on and a
// `loan.changed` event a member, in pages of 5,000 loans a transaction — ÷ one UPDATE that stamps the same 100,000
// loans (the floor of writing every loan). Aim: ≤ 10 s. An immediate rerun must write 0 entries, and the ledger and
// the loans must reconcile afterwards.
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { postEntries, reconcile } from '@kabuto/db/ledger';
import type { Database } from '@kabuto/db/database';
import { money } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { disburseLines } from '@kabuto/domain/loans/loan-decisions';
import { dailyInterest } from '@kabuto/domain/loans/loan-interest';
import { loanInterestJob, reconcileLoans } from '../apps/server/src/loans/public.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'kabuto_bench_loans';
const LOANS = Number(process.env.BENCH_LOANS ?? 100_000);
const AIM_MS = 10_000;
const DAILY_RATE = '0.0004';

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function freshDatabase(): Promise<Database> {
  const admin = await openDatabase({ databaseUrl: `${PG_URL}/postgres`, dataDir: '' });
  await admin.exec(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${DB_NAME}`);
  await admin.close();
  const db = await openDatabase({ databaseUrl: `${PG_URL}/${DB_NAME}`, dataDir: '' });
  await migrate(db);
  return db;
}

/**
 * `LOANS` members, each with one loan approved yesterday (JST) and paid out through the ledger as approval pays it
 * (loan → available), so every loan owes exactly one day's interest today. Amounts vary from 10,000 to 500,000 yen.
 */
async function loansOwed(db: Database, now: Date): Promise<{ expectedInterest: string }> {
  const yesterday = sessionDate(new Date(now.getTime() - 86_400_000));
  const disbursedAt = new Date(now.getTime() - 86_400_000);
  const rows = await db.query<{ id: string; member_id: string; amount: string }>(
    `WITH m AS (
       INSERT INTO members (account, password_hash, invite_code, invited_with, real_name_status)
       SELECT '06' || lpad(i::text, 8, '0'), 'x', 'L' || i, 'bench', 'verified' FROM generate_series(1, $1::int) AS i
       RETURNING id, account
     )
     INSERT INTO loans (order_no, member_id, amount, term_days, plan, daily_rate, status, principal, interest_through,
                        created_at, decided_at, disbursed_at)
     SELECT 'LB' || m.account, m.id, a.amount, 90, 'anytime', $2, 'approved', a.amount, $3::date, $4, $4, $4
       FROM m, LATERAL (SELECT (10000 * (1 + (right(m.account, 4)::int % 50)))::numeric AS amount) a
     RETURNING id::text AS id, member_id::text AS member_id, amount::text AS amount`,
    [LOANS, DAILY_RATE, yesterday, disbursedAt],
  );
  for (let at = 0; at < rows.length; at += 5_000) {
    await db.transaction((tx) =>
      postEntries(
        tx,
        rows.slice(at, at + 5_000).map((r) => ({
          kind: 'loan_disburse',
          reason: 'ledger.loanDisbursed',
          refType: 'loan',
          refId: r.id,
          at: disbursedAt,
          lines: disburseLines(r.member_id, money(r.amount)),
        })),
      ),
    );
  }
  const expected = rows.reduce((t, r) => t.plus(dailyInterest(money(r.amount), DAILY_RATE)), money('0'));
  return { expectedInterest: expected.toFixed() };
}

const entriesOf = async (db: Database) =>
  Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'loan_interest'`))[0]
      ?.n ?? 0,
  );

const db = await freshDatabase();
try {
  const now = new Date();
  const today = sessionDate(now);
  log(`Loan interest job (issue 26): ${fmt(LOANS)} loans owed on PostgreSQL, one day due (${today} JST)`);
  const { expectedInterest } = await loansOwed(db, now);
  await db.exec('ANALYZE');

  // Baseline: one statement stamping every loan owed, rolled back.
  const baseStarted = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.query(`UPDATE loans SET interest_through = $1::date WHERE status = 'approved'`, [today]);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  const baselineMs = performance.now() - baseStarted;

  const job = loanInterestJob(db);
  const fenced = <T>(work: Parameters<Database['transaction']>[0]) => db.transaction(work) as Promise<T>;
  const started = performance.now();
  const outcome = await job.run(now, fenced);
  const jobMs = performance.now() - started;
  const written = await entriesOf(db);
  if (written !== LOANS) throw new Error(`the job wrote ${String(written)} interest entries, expected ${LOANS}`);
  const [sum] = await db.query<{ charged: string; behind: string }>(
    `SELECT sum(interest_charged)::text AS charged, count(*) FILTER (WHERE interest_through <> $1::date)::text AS behind
       FROM loans`,
    [today],
  );
  if (!money(sum?.charged ?? 'NaN').eq(money(expectedInterest)))
    throw new Error(`charged ${String(sum?.charged)} yen of interest, expected ${expectedInterest}`);
  if (sum?.behind !== '0') throw new Error(`${String(sum?.behind)} loans were not moved on to today`);

  // An immediate rerun: every loan is already charged for today, so it writes nothing.
  const rerunStarted = performance.now();
  const rerunOutcome = await job.run(now, fenced);
  const rerunMs = performance.now() - rerunStarted;
  const rerunWrote = (await entriesOf(db)) - written;
  if (rerunWrote !== 0) throw new Error(`the rerun wrote ${String(rerunWrote)} entries, expected 0`);

  const report = await reconcile(db);
  if (!report.ok) throw new Error('the ledger does not reconcile after the job');
  const loanDiffs = await reconcileLoans(db);
  if (loanDiffs.length > 0) throw new Error(`${loanDiffs.length} members' loans differ from their loan books`);

  log(`  job: ${outcome ?? ''}`);
  log(
    `  interest job:          ${fmt(jobMs)} ms for ${fmt(LOANS)} loans (${fmt(LOANS / (jobMs / 1000))} loans/s), aim ≤ ${fmt(AIM_MS)} ms: ${jobMs <= AIM_MS ? 'met' : 'MISSED'}`,
  );
  log(`  baseline (one UPDATE): ${fmt(baselineMs)} ms; ratio job ÷ baseline = ${fmt(jobMs / baselineMs, 1)}×`);
  log(
    `  interest charged:      ¥${BigInt(expectedInterest).toLocaleString('en-US')} in ${fmt(written)} entries, as the domain computes it`,
  );
  log(`  immediate rerun:       ${rerunWrote} entries written in ${fmt(rerunMs)} ms (${rerunOutcome ?? ''})`);
  log(
    `  reconciliation:        ok — ${fmt(report.entries)} entries, every balance equals its journal; loans = loan books`,
  );
} finally {
  await db.close();
}
