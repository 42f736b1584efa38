// Issue 26 benchmark (`npm run bench:daytrade`, also part of `npm run bench`; not part of `npm test`): the day-trade
// cut-off on PostgreSQL. 10,000 open day-trade positions (one a member, half long, half short, some at 2×) are closed by
// the leader job `daytrade.cutOff` (dayTradeCutOffJob: the trading core's `close` decision for each, applied a batch at
// a time — rows locked, accounts locked, one posting, one UPDATE, the events — each batch one fenced transaction).
// Aim: ≤ 2 s. Baseline in the same run: one UPDATE that stamps the same 10,000 rows (the floor of writing every
// close). Afterwards every position is closed exactly once (one close entry each, reason ledger.daytradeClosed), no
// member holds margin any more, and the ledger reconciles; a rerun of the period changes nothing.
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { postEntries, reconcile } from '@kabuto/db/ledger';
import type { Database } from '@kabuto/db/database';
import { transfer } from '@kabuto/domain/ledger/journal';
import { money } from '@kabuto/domain/money';
import { open } from '@kabuto/domain/trading/decisions';
import { openingCharges } from '@kabuto/domain/trading/ticket';
import { holdEpoch, takeEpoch, type Fenced } from '../apps/server/src/platform/public.ts';
import { dayTradeCutOffJob } from '../apps/server/src/daytrade/public.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'kabuto_bench_daytrade';
const POSITIONS = Number(process.env.BENCH_DAYTRADE_POSITIONS ?? 10_000);
const BATCH = Number(process.env.BENCH_DAYTRADE_BATCH ?? 1_000);
const LANES = Number(process.env.BENCH_DAYTRADE_LANES ?? 2);
const SYMBOL = '9901';
const OPEN_PRICE = '1500';
const TOUCH = { bid: '1512', ask: '1514' };
const FEES = { purchaseRate: '0.001', sellingRate: '0.001', stampDutyRate: '0.001', minimumFee: '100' };

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
 * `n` members, each with ¥1,000,000 deposited and one holding day trade of 100 shares opened an hour before the
 * cut-off with its margin and purchase fee posted (the `open` decision's lines), as the order writer writes them.
 */
async function setUp(db: Database, n: number, openedAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO market_symbols (code, name_jp, name_en, name_tw, sector_code, topix500, base_price, status,
       history_anchor_at, history_filled_at) VALUES ($1, 'ベンチ', 'Bench', '測試', 'BENCH', false, $2, 'listed', now(), now())`,
    [SYMBOL, OPEN_PRICE],
  );
  const ids = (
    await db.query<{ id: string }>(
      `INSERT INTO members (account, password_hash, invite_code, invited_with, real_name_status)
       SELECT '07' || lpad(i::text, 8, '0'), 'x', 'D' || i, 'bench', 'verified' FROM generate_series(1, $1::int) AS i
       RETURNING id::text AS id`,
      [n],
    )
  ).map((r) => r.id);
  for (let at = 0; at < ids.length; at += 2_000) {
    const slice = ids.slice(at, at + 2_000);
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ order_no: string; member_id: string; leverage: number }>(
        `INSERT INTO trade_positions (order_no, member_id, symbol, side, order_type, status, quantity, leverage,
           open_price, opened_at, margin, purchase_fee, maintenance_ratio, fee_terms, financing_rate, created_at, origin)
         SELECT 'TBENCH' || lpad(($5::int + k)::text, 8, '0'), m, $2, CASE WHEN k % 2 = 0 THEN 'long' ELSE 'short' END,
                'market', 'holding', 100, CASE WHEN k % 4 = 3 THEN 2 ELSE 1 END, $3, $4, 0, 0, 0.5, $6::jsonb, 0.028, $4,
                'daytrade'
           FROM unnest($1::uuid[]) WITH ORDINALITY AS u(m, k)
         RETURNING order_no, member_id::text AS member_id, leverage`,
        [slice, SYMBOL, OPEN_PRICE, openedAt, at, JSON.stringify(FEES)],
      );
      const charges = rows.map((r) => openingCharges(OPEN_PRICE, '100', r.leverage, FEES));
      await tx.query(
        `UPDATE trade_positions p SET margin = u.margin, purchase_fee = u.fee
           FROM unnest($1::text[], $2::numeric[], $3::numeric[]) AS u(order_no, margin, fee) WHERE p.order_no = u.order_no`,
        [rows.map((r) => r.order_no), charges.map((c) => c.margin.toFixed()), charges.map((c) => c.fee.toFixed())],
      );
      await postEntries(tx, [
        ...rows.map((r) => ({
          kind: 'deposit',
          reason: 'ledger.deposit',
          refType: 'bench',
          refId: r.member_id,
          at: openedAt,
          lines: transfer(
            { house: 'bank_clearing' },
            { member: r.member_id, book: 'available' },
            'JPY',
            money('1000000'),
          ),
        })),
        ...rows.map((r, i) => ({
          kind: 'trade_open',
          reason: 'ledger.tradeOpen',
          refType: 'trade',
          refId: r.order_no,
          at: openedAt,
          lines: open({ memberId: r.member_id, filled: charges[i] ?? null, hold: money('0') }).lines,
        })),
      ]);
    });
  }
}

async function main() {
  const db = await freshDatabase();
  // The cut-off: 15:30 JST (the demo default) on the day the positions opened.
  const now = new Date('2026-11-27T06:31:00Z');
  const openedAt = new Date('2026-11-27T05:30:00Z');
  log(
    `day-trade cut-off bench on PostgreSQL: ${fmt(POSITIONS)} open day trades, pages of ${fmt(BATCH)} in ${LANES} lanes`,
  );
  await setUp(db, POSITIONS, openedAt);
  await db.exec('VACUUM ANALYZE');

  // Baseline: one UPDATE that stamps every one of the rows (then put back), the floor of writing every close.
  const b0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE trade_positions SET closed_at = $1 WHERE origin = 'daytrade'`, [now]);
    await tx.query(`UPDATE trade_positions SET closed_at = NULL WHERE origin = 'daytrade'`);
  });
  const baselineMs = (performance.now() - b0) / 2;

  const epoch = await takeEpoch(db);
  const fenced: Fenced = (work) =>
    db.transaction(async (tx) => {
      if (!(await holdEpoch(tx, epoch))) throw new Error('lost the epoch');
      return work(tx);
    });
  const job = dayTradeCutOffJob({
    db,
    profile: 'demo',
    market: { touch: () => TOUCH },
    batchSize: BATCH,
    lanes: LANES,
  });
  const t0 = performance.now();
  const outcome = await job.run(now, fenced);
  const closeMs = performance.now() - t0;
  const again = await job.run(now, fenced);

  const [check] = await db.query<{ open: string; closes: string; once: boolean; margin: string }>(
    `SELECT (SELECT count(*) FROM trade_positions WHERE origin = 'daytrade' AND status <> 'closed')::text AS open,
            (SELECT count(*) FROM journal_entries WHERE kind = 'trade_close' AND reason = 'ledger.daytradeClosed')::text AS closes,
            (SELECT bool_and(n = 1) FROM (SELECT count(*) AS n FROM journal_entries WHERE kind = 'trade_close'
               GROUP BY ref_id) c) AS once,
            (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE book = 'margin') AS margin`,
  );
  const report = await reconcile(db);
  log(`  ${outcome}`);
  log(`  rerun: ${again}`);
  log(
    `  cut-off close: ${fmt(closeMs)} ms (${fmt((POSITIONS / closeMs) * 1000)} positions/s); baseline one UPDATE of the rows: ${fmt(baselineMs)} ms; ratio ${fmt(closeMs / baselineMs, 1)}×; aim ≤ 2,000 ms: ${closeMs <= 2000 ? 'met' : 'NOT met'}`,
  );
  log(
    `  after: open day trades ${check?.open}, close entries ${check?.closes} (each position once: ${String(check?.once)}), margin held ${check?.margin}, ledger reconciles: ${String(report.ok)}`,
  );
  await db.close();
  if (
    !report.ok ||
    check?.open !== '0' ||
    check.closes !== String(POSITIONS) ||
    !check.once ||
    !/^0 day trades/.test(String(again))
  )
    throw new Error('day-trade cut-off bench: the books do not add up');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
