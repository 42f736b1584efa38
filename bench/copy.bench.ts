// Issue 26 benchmark (`npm run bench:copy`, also part of `npm run bench`; not part of `npm test`): a lead trader's fill
// mirrored into 10,000 follows on PostgreSQL — every follow locked, its free capital proven from the journal, its
// quantity decided by the domain (`mirrorOpen`), its position opened through the trading core's `open` decision with
// its ledger entry, the mirror row beside the lead's trade and the follower's event — in batches of
// `defaultMirrorBatch` follows, a few statements a batch (group commit). Baseline in the same run: one INSERT of the
// same 10,000 position rows, rolled back (the floor of writing every follower's position). Aim: ≤ 2 s. Afterwards the
// ledger reconciles, every follow's book is proven from its entries, and a rerun mirrors nothing.
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { postEntries, reconcile } from '@kabuto/db/ledger';
import type { Database } from '@kabuto/db/database';
import { transfer } from '@kabuto/domain/ledger/journal';
import { money } from '@kabuto/domain/money';
import { followLines } from '@kabuto/domain/copy/copy-trading';
import { seedOnce } from '../apps/server/src/seed.ts';
import { defaultMirrorBatch } from '../apps/server/src/copy/copy-engine.ts';
import { followsToMirror, mirrorOpenBatch, type CopyMarket } from '../apps/server/src/copy/copy-moves.ts';
import { reconcileFollows } from '../apps/server/src/copy/public.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'kabuto_bench_copy';
const FOLLOWERS = Number(process.env.BENCH_COPY_FOLLOWERS ?? 10_000);
const SYMBOL = '7203';
const PRICE = '1500';
const LEAD_QUANTITY = '1000';
const CAPITAL_BASE = '3000000';
const BATCH = Number(process.env.BENCH_COPY_BATCH ?? defaultMirrorBatch);

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

/** A quote that does not move: the ask at PRICE, the bid a tick below. */
const market = {
  touch: () => ({ bid: '1499', ask: PRICE, quote: {} }),
  get: () => ({ state: { last: PRICE } }),
} as unknown as CopyMarket;

const timings = new Map<string, number>();
function timed<T extends { query: (...a: never[]) => Promise<unknown> }>(tx: T): T {
  if (!process.env.BENCH_COPY_PROFILE) return tx;
  return new Proxy(tx, {
    get(target, prop, recv) {
      if (prop !== 'query') return Reflect.get(target, prop, recv);
      return async (text: string, args?: unknown[]) => {
        const t0 = performance.now();
        try {
          return await (target.query as (t: string, a?: unknown[]) => Promise<unknown>)(text, args);
        } finally {
          const key = text.replace(/\s+/g, ' ').slice(0, 70);
          timings.set(key, (timings.get(key) ?? 0) + performance.now() - t0);
        }
      };
    },
  });
}

async function main(): Promise<void> {
  const db = await freshDatabase();
  const seed = await seedOnce(db, { staffPassword: 'BenchStaff9' });
  const [staff] = await db.query<{ id: string }>(`SELECT id::text AS id FROM members WHERE account = $1`, [
    seed.staffAccount,
  ]);
  const now = new Date();
  // Members made in SQL: the lead and the followers; money enters as production's (bank clearing → available).
  const ids = (
    await db.query<{ id: string }>(
      `INSERT INTO members (account, password_hash, invite_code, invited_with, real_name_status)
       SELECT '07' || lpad(i::text, 8, '0'), 'x', 'ICPY' || i, 'bench', 'verified' FROM generate_series(0, $1::int) AS i
       RETURNING id::text AS id`,
      [FOLLOWERS],
    )
  ).map((r) => r.id);
  const [lead, ...followers] = ids as [string, ...string[]];
  // Capitals from 200,000 to 1,190,000 yen: a third round to below one unit, the rest to 100–300 shares.
  const capitals = followers.map((_, i) => String(200_000 + (i % 100) * 10_000));
  for (let at = 0; at < ids.length; at += 5_000)
    await db.transaction((tx) =>
      postEntries(
        tx,
        ids.slice(at, at + 5_000).map((id) => ({
          kind: 'deposit',
          reason: 'ledger.deposit',
          refType: 'bench',
          refId: id,
          at: now,
          lines: transfer({ house: 'bank_clearing' }, { member: id, book: 'available' }, 'JPY', money('2000000')),
        })),
      ),
    );
  await db.query(
    `INSERT INTO copy_leads (member_id, display_name, active, set_by, set_at, reason) VALUES ($1, 'Bench desk', true, $2, $3, 'bench')`,
    [lead, staff?.id ?? null, now],
  );
  const [strategy] = await db.query<{ id: string }>(
    `INSERT INTO copy_strategies (lead_member_id, names, min_investment, capital_base, term_days, follow_deadline,
       performance_fee, published_by, published_at)
     VALUES ($1, '{"jp":"ベンチ","en":"Bench","tw":"測試"}', 100000, $2, 30, $3, 0.1, $4, $5) RETURNING id::text AS id`,
    [lead, CAPITAL_BASE, new Date(now.getTime() + 86_400_000), staff?.id ?? null, new Date(now.getTime() - 60_000)],
  );
  const strategyId = strategy?.id as string;
  // The follows and their capital (available → copy), as `follow/follow` writes them.
  const follows = await db.query<{ id: string; member_id: string; capital: string }>(
    `INSERT INTO copy_follows (strategy_id, member_id, capital, started_at, ends_at)
     SELECT $1, u.m, u.c, $3, $4 FROM unnest($2::uuid[], $5::numeric[]) AS u(m, c)
     RETURNING id::text AS id, member_id::text AS member_id, capital::text AS capital`,
    [strategyId, followers, new Date(now.getTime() - 30_000), new Date(now.getTime() + 30 * 86_400_000), capitals],
  );
  for (let at = 0; at < follows.length; at += 5_000)
    await db.transaction((tx) =>
      postEntries(
        tx,
        follows.slice(at, at + 5_000).map((f) => ({
          kind: 'copy_follow',
          reason: 'ledger.copyFollow',
          refType: 'copy',
          refId: f.id,
          at: now,
          lines: followLines(f.member_id, money(f.capital)),
        })),
      ),
    );
  // As `follow/follow` does: the margin book each follow's mirrors will post to is opened with the follow.
  await db.query(
    `INSERT INTO ledger_accounts (member_id, book, currency) SELECT m, 'margin', 'JPY' FROM unnest($1::uuid[]) AS m
     ON CONFLICT (member_id, book, currency) WHERE member_id IS NOT NULL DO NOTHING`,
    [followers],
  );
  // The lead's fill: a holding position of 1,000 shares (its own money is not what is measured).
  const [leadPosition] = await db.query<{ id: string; opened_at: Date }>(
    `INSERT INTO trade_positions (order_no, member_id, symbol, side, order_type, status, quantity, leverage, held,
       open_price, opened_at, margin, purchase_fee, maintenance_ratio, fee_terms, financing_rate, created_at)
     VALUES ('TBENCHLEAD0000001', $1, $2, 'long', 'market', 'holding', $3, 1, 0, $4, $5, $6, 0, 0.5,
       '{"purchaseRate":"0.001","sellingRate":"0.001","stampDutyRate":"0.001","minimumFee":"100"}', 0.028, $5)
     RETURNING id::text AS id, opened_at`,
    [lead, SYMBOL, LEAD_QUANTITY, PRICE, now, money(PRICE).times(LEAD_QUANTITY).toFixed()],
  );
  await db.transaction((tx) =>
    postEntries(tx, [
      {
        kind: 'trade_open',
        reason: 'ledger.tradeOpen',
        refType: 'trade',
        refId: 'TBENCHLEAD0000001',
        at: now,
        lines: transfer(
          { member: lead, book: 'available' },
          { member: lead, book: 'margin' },
          'JPY',
          money(PRICE).times(LEAD_QUANTITY),
        ),
      },
    ]),
  );
  await db.exec('ANALYZE');
  const leadEvent = {
    id: leadPosition?.id as string,
    orderNo: 'TBENCHLEAD0000001',
    memberId: lead,
    symbol: SYMBOL,
    side: 'long' as const,
    quantity: LEAD_QUANTITY,
    leverage: 1,
    price: PRICE,
    at: new Date(leadPosition?.opened_at as Date),
  };

  // Baseline: the same number of position rows in one INSERT, rolled back.
  const baseStarted = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.query(
        `INSERT INTO trade_positions (order_no, member_id, symbol, side, order_type, status, quantity, leverage, held,
           open_price, opened_at, margin, purchase_fee, maintenance_ratio, fee_terms, financing_rate, created_at, origin)
         SELECT 'CBASE' || lpad(n::text, 10, '0'), m, $2, 'long', 'market', 'holding', 100, 1, 0, $3, now(), 150000, 150,
                0, '{}'::jsonb, 0.028, now(), 'copy'
           FROM unnest($1::uuid[]) WITH ORDINALITY AS u(m, n)`,
        [followers, SYMBOL, PRICE],
      );
      throw new Error('rollback');
    })
    .catch(() => undefined);
  const baselineMs = performance.now() - baseStarted;

  // The fan-out: what the engine's catch-up does for one lead fill.
  const started = performance.now();
  const todo = await followsToMirror(db, leadEvent, strategyId);
  let written = 0;
  let batches = 0;
  for (let i = 0; i < todo.length; i += BATCH) {
    const n = await db.transaction((tx) =>
      mirrorOpenBatch(timed(tx), leadEvent, { capitalBase: CAPITAL_BASE }, todo.slice(i, i + BATCH), {
        market,
        profile: 'demo',
        at: new Date(),
      }),
    );
    written += n ?? 0;
    batches += 1;
  }
  const fanOutMs = performance.now() - started;
  for (const [k, v] of [...timings].sort((a, b) => b[1] - a[1])) log(`  ${fmt(v)} ms  ${k}`);
  if (written !== FOLLOWERS) throw new Error(`mirrored ${String(written)} follows, expected ${String(FOLLOWERS)}`);

  const [outcomes] = await db.query<{ mirrored: string; below: string; positions: string; entries: string }>(
    `SELECT count(*) FILTER (WHERE outcome = 'mirrored')::text AS mirrored,
            count(*) FILTER (WHERE outcome = 'belowUnit')::text AS below,
            (SELECT count(*) FROM trade_positions WHERE origin = 'copy')::text AS positions,
            (SELECT count(*) FROM journal_entries WHERE kind = 'copy_open')::text AS entries
       FROM copy_mirrors WHERE lead_position_id = $1`,
    [leadEvent.id],
  );
  // A rerun (a new leader's catch-up after a crash) finds nothing left to mirror.
  const again = await followsToMirror(db, leadEvent, strategyId);
  const ledger = await reconcile(db);
  const books = await reconcileFollows(db);
  await db.close();

  log('copy fan-out (issue 26), PostgreSQL');
  log(`  follows mirrored:       ${fmt(written)} in ${String(batches)} batches of ${fmt(BATCH)}`);
  log(
    `  outcomes:               ${fmt(Number(outcomes?.mirrored))} mirrored (${fmt(Number(outcomes?.positions))} positions, ${fmt(Number(outcomes?.entries))} ledger entries), ${fmt(Number(outcomes?.below))} below one unit`,
  );
  log(`  fan-out:                ${fmt(fanOutMs)} ms (aim ≤ 2,000 ms) ${fanOutMs <= 2000 ? 'MET' : 'NOT MET'}`);
  log(`  baseline (one INSERT of ${fmt(FOLLOWERS)} positions, rolled back): ${fmt(baselineMs)} ms`);
  log(`  ratio fan-out ÷ baseline: ${fmt(fanOutMs / baselineMs, 1)}`);
  log(`  rerun finds:            ${String(again.length)} follows to mirror`);
  log(
    `  ledger reconciles:      ${String(ledger.ok)}; every follow's book proven: ${String(books.ok)} (${fmt(books.follows)} follows)`,
  );
  if (!ledger.ok || !books.ok || again.length !== 0) process.exitCode = 1;
}

await main();
