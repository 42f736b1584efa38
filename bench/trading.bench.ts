// Issue 18 benchmarks (`npm run bench:trading`, also part of `npm run bench`; not part of `npm test`). Two figures, each
// divided by a baseline measured in the same run:
// 1. Market orders through the HTTP API on PostgreSQL (`trade/place` on loopback from a child process, 32 keep-alive
//    connections for a fixed time) ÷ pgbench's TPC-B transactions a second on the same server, same client count. Each
//    order writes its position row and a balanced ledger entry; the ledger must reconcile afterwards.
// 2. The trigger index (`TriggerIndex`) with 1,000,000 resting levels: ticks a second through `candidates` ÷ a naive
//    scan of all 1,000,000 levels with the same comparisons on the same pre-parsed keys, over the same ticks; both must
//    return the same candidate sets. Also the time `load` takes for the 1,000,000 levels.
import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { reconcile } from '@kabuto/db/ledger';
import type { Database, Sql } from '@kabuto/db/database';
import { buildApp, type HotPath, type KabutoApp } from '../apps/server/src/app.ts';
import { seedOnce } from '../apps/server/src/seed.ts';
import { uploadImage } from '../apps/server/src/uploads/image-fixtures.ts';
import { priceKey, TriggerIndex, type TriggerList } from '../apps/server/src/trading/trigger-index.ts';

const run = promisify(execFile);

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PGBENCH = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';
const ORDERS_DB = 'kabuto_bench_orders';
const PGBENCH_DB = 'kabuto_bench_pgbench';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ORDER_SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 20);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
// Each connection places for its own members, so no two orders in flight share a member's balance.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? CONCURRENCY * 2);
// Deposits of 990,000 yen (under the default four-eyes bar of 1,000,000); an order of 100 × 7203 at leverage 1 costs
// about 290,000, so each deposit pays for three orders: 64 members × 120 deposits pay for ~23,000 orders.
const DEPOSIT = '990000';
const DEPOSITS_PER_MEMBER = Number(process.env.BENCH_DEPOSITS ?? 120);

const LEVELS = Number(process.env.BENCH_LEVELS ?? 1_000_000);
const SPREAD_SYMBOLS = Number(process.env.BENCH_TRIGGER_SYMBOLS ?? 4000);
const INDEX_TICKS = Number(process.env.BENCH_INDEX_TICKS ?? 1_000_000);
const NAIVE_TICKS = Number(process.env.BENCH_NAIVE_TICKS ?? 200);
// The index stops early if the sequence takes longer (when every crossed level is offered again on every tick).
const INDEX_SECONDS = Number(process.env.BENCH_INDEX_SECONDS ?? 10);
const CHECK_TICKS = Number(process.env.BENCH_CHECK_TICKS ?? 300);

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const log = (line: string) => process.stdout.write(`${line}\n`);

// ================================================================ 1. orders over HTTP vs pgbench

interface Credentials {
  token: string;
  account: string;
}

interface LoadResult {
  seconds: number;
  sent: number;
  filled: number;
  answers: Record<string, number>;
  latencies: number[];
  /** CPU the load generator itself used (user + system), ms. */
  cpuMs: number;
}

const ORDER_BODY = JSON.stringify({ symbol: '7203', side: 'long', type: 'market', quantity: '100', leverage: 1 });

/** Child process: CONCURRENCY loops, each on its own keep-alive socket and its own members, for ORDER_SECONDS. */
async function runOrderLoad(): Promise<void> {
  const url = new URL(process.env.BENCH_URL as string);
  const members = JSON.parse(process.env.BENCH_CREDENTIALS as string) as Credentials[];
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const answers: Record<string, number> = {};
  const latencies: number[] = [];
  let sent = 0;
  let filled = 0;
  const prefix = `bench-${process.pid}-${randomBytes(4).toString('hex')}`;
  const post = (m: Credentials, key: string) =>
    new Promise<{ http: number; status: number; msg: string }>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/vue/trade/place',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(ORDER_BODY),
            token: m.token,
            account: m.account,
            'idempotency-key': key,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString()) as { status: number; msg: string };
              resolve({ http: res.statusCode ?? 0, status: json.status, msg: json.msg });
            } catch {
              resolve({ http: res.statusCode ?? 0, status: -1, msg: 'unparsable answer' });
            }
          });
        },
      );
      req.on('error', (err) => resolve({ http: 0, status: -1, msg: `error ${err.message}` }));
      req.end(ORDER_BODY);
    });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + ORDER_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const own = members.filter((_m, i) => i % CONCURRENCY === w);
      for (let n = 0; performance.now() < deadline; n++) {
        const m = own[n % own.length] as Credentials;
        const t0 = performance.now();
        const a = await post(m, `${prefix}-${w}-${n}`);
        latencies.push(performance.now() - t0);
        sent += 1;
        if (a.status === 1) filled += 1;
        const label = `${a.http} ${a.status === 1 ? 'status 1' : a.msg}`;
        answers[label] = (answers[label] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuBefore);
  process.send?.({
    seconds,
    sent,
    filled,
    answers,
    latencies,
    cpuMs: (cpu.user + cpu.system) / 1000,
  } satisfies LoadResult);
  agent.destroy();
}

function orderLoad(url: string, members: readonly Credentials[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['orders'], {
      env: { ...process.env, BENCH_URL: url, BENCH_CREDENTIALS: JSON.stringify(members) },
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('message', (m: LoadResult) => resolve(m));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`order load exited with ${code} before answering`)));
  });
}

async function freshDatabase(name: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: `${PG_URL}/postgres`, dataDir: '' });
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: `${PG_URL}/postgres`, dataDir: '' });
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pooled<T>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i] as T, i);
      }
    }),
  );
}

interface OrderFigures {
  load: LoadResult;
  ordersPerSecond: number;
  setupSeconds: number;
  fundedYen: number;
  positions: number;
  openEntries: number;
  reconciled: Awaited<ReturnType<typeof reconcile>>;
  /** Group commit during the load: batches written, orders in them, batches written again one by one, orders alone. */
  grouping: { batches: number; batched: number; fallbacks: number; single: number };
  /** One order's round trips to PostgreSQL during the load: statements, and transactions (each a BEGIN and a COMMIT). */
  perOrder: { statements: number; transactions: number };
  /** Where the machine's CPU went during the load (ms): all cores busy of total, the server, the load generator. */
  cpu: { machineBusyMs: number; machineTotalMs: number; serverMs: number; loadMs: number };
}

/** The machine's CPU time so far, busy and in all (jiffies of /proc/stat as ms; Linux). */
function machineCpu(): { busyMs: number; totalMs: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const tick = 10; // USER_HZ is 100 on Linux
  return { busyMs: (total - idle) * tick, totalMs: total * tick };
}

/**
 * The database as the server sees it, counting what it sends: statements, and transactions (each also a BEGIN and a
 * COMMIT). Divided by the orders placed while counting, they are one order's round trips to PostgreSQL.
 */
function counting(db: Database) {
  const counts = {
    statements: 0,
    transactions: 0,
    on: false,
    byStatement: new Map<string, { n: number; ms: number }>(),
  };
  const countingSql = (sql: Sql): Sql => ({
    query: async (text, params) => {
      if (!counts.on) return sql.query(text, params);
      counts.statements += 1;
      const t0 = performance.now();
      try {
        return await sql.query(text, params);
      } finally {
        const name = text.replace(/\s+/g, ' ').trim().slice(0, 60);
        const seen = counts.byStatement.get(name) ?? { n: 0, ms: 0 };
        seen.n += 1;
        seen.ms += performance.now() - t0;
        counts.byStatement.set(name, seen);
      }
    },
  });
  const wrapped: Database = {
    kind: db.kind,
    query: countingSql(db).query,
    transaction: async (fn) => {
      if (!counts.on) return db.transaction((tx) => fn(countingSql(tx)));
      counts.transactions += 1;
      const t0 = performance.now();
      try {
        return await db.transaction((tx) => fn(countingSql(tx)));
      } finally {
        const seen = counts.byStatement.get('(whole transaction)') ?? { n: 0, ms: 0 };
        seen.n += 1;
        seen.ms += performance.now() - t0;
        counts.byStatement.set('(whole transaction)', seen);
      }
    },
    exec: (script) => db.exec(script),
    close: () => db.close(),
  };
  return { db: wrapped, counts };
}

/** BENCH_CPU_PROFILE=<file>: a CPU profile of the server's process (the bench's own) while the load runs. */
async function profiled<T>(file: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!file) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    log(`orders: CPU profile of the server during the load written to ${file}`);
  }
}

async function measureOrders(variant: HotPath): Promise<OrderFigures> {
  const setupStarted = performance.now();
  await freshDatabase(ORDERS_DB);
  const opened: Database = await openDatabase({ databaseUrl: `${PG_URL}/${ORDERS_DB}`, dataDir: '' });
  const { db, counts } = counting(opened);
  await migrate(db);
  const staffPassword = 'Bench12345678';
  const seed = await seedOnce(db, { staffPassword });
  const uploadDir = mkdtempSync(join(tmpdir(), 'kabuto-trading-bench-'));
  const built: KabutoApp = await buildApp({
    db,
    uploadDir,
    market: { feedIntervalMs: null, backfill: 'onDemand' },
    hotPath: variant,
    rateLimits: { signIn: { max: 100_000, timeWindowMs: 60_000 }, register: { max: 100_000, timeWindowMs: 60_000 } },
  });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async <T>(path: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await built.app.inject({
      method: 'POST',
      url: `/api/vue/${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
    return res.json() as { status: number; msg: string; data: T };
  };
  const signIn = async (account: string, password: string): Promise<Credentials> => {
    const res = await call<{ token: string }>('user/login', { account, password, agree: true });
    if (res.status !== 1) throw new Error(`sign-in failed for ${account}: ${res.msg}`);
    return { token: res.data.token, account };
  };
  const staff = await signIn(seed.staffAccount, staffPassword);
  // Issue 27: staff calls wait until the staff member has turned two-step sign-in on.
  const setup = await call<{ secret: string }>('user/twoFactor/setup', {}, { ...staff });
  const code = new TOTP({ secret: Secret.fromBase32(setup.data.secret.replace(/\s/g, '')) }).generate();
  const on = await call('user/twoFactor/enable', { code }, { ...staff });
  if (on.status !== 1) throw new Error(`staff two-step sign-in failed: ${on.msg}`);

  // Members through the real calls: register, sign in, then deposits approved by staff (money enters via the ledger).
  const accounts = Array.from({ length: MEMBERS }, (_, i) => `07${String(900_000_00 + i)}`);
  const members: Credentials[] = [];
  await pooled(accounts, 4, async (account, i) => {
    const reg = await call('user/register', {
      account,
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      inviteCode: seed.inviteCode,
      agree: true,
    });
    if (reg.status !== 1) throw new Error(`register failed for ${account}: ${reg.msg}`);
    members[i] = await signIn(account, 'abcd1234');
  });
  const channels = await call<{ channels: { id: string }[] }>('user/deposit/channels', {}, { ...members[0] });
  const channelId = channels.data.channels[0]?.id;
  if (!channelId) throw new Error('no deposit channel seeded');
  const deposits = members.flatMap((m) => Array.from({ length: DEPOSITS_PER_MEMBER }, () => m));
  await pooled(deposits, 8, async (m) => {
    const headers = { token: m.token, account: m.account };
    const receipt = await uploadImage(built.app, headers, 'deposit_receipt');
    const dep = await call<{ id: string }>(
      'user/deposit/create',
      { channelId, amount: DEPOSIT, receiptImageId: receipt },
      headers,
    );
    if (dep.status !== 1) throw new Error(`deposit failed: ${dep.msg}`);
    const ok = await call<{ status: string }>(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'approve', reason: 'transfer received' },
      { token: staff.token, account: staff.account },
    );
    if (ok.status !== 1 || ok.data.status !== 'approved')
      throw new Error(`deposit approval failed: ${ok.msg} ${JSON.stringify(ok.data)}`);
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  log(
    `orders: ${MEMBERS} members funded with ${DEPOSITS_PER_MEMBER} × ${DEPOSIT} yen each in ${setupSeconds.toFixed(1)} s`,
  );

  const before = built.platform.orders.stats();
  const machineBefore = machineCpu();
  const serverBefore = process.cpuUsage();
  counts.on = true;
  const load = await profiled(variant.cacheReads ? process.env.BENCH_CPU_PROFILE : undefined, () =>
    orderLoad(address, members),
  );
  counts.on = false;
  const serverCpu = process.cpuUsage(serverBefore);
  const machineAfter = machineCpu();
  const cpu = {
    machineBusyMs: machineAfter.busyMs - machineBefore.busyMs,
    machineTotalMs: machineAfter.totalMs - machineBefore.totalMs,
    serverMs: (serverCpu.user + serverCpu.system) / 1000,
    loadMs: load.cpuMs,
  };
  const slowest = [...counts.byStatement]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 12)
    .map(([text, v]) => `${(v.ms / v.n).toFixed(2)} ms × ${v.n}: ${text}`);
  log(`orders: statements by time spent waiting (mean × count):\n  ${slowest.join('\n  ')}`);
  const after = built.platform.orders.stats();
  const grouping = {
    batches: after.batches - before.batches,
    batched: after.batched - before.batched,
    fallbacks: after.fallbacks - before.fallbacks,
    single: after.single - before.single,
  };
  log(`orders: ${JSON.stringify({ ...load, latencies: undefined, grouping })}`);

  await built.app.close();
  const [positions] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM trade_positions WHERE status = 'holding'`,
  );
  const [entries] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'trade_open'`,
  );
  const reconciled = await reconcile(db);
  await db.close();
  rmSync(uploadDir, { recursive: true, force: true });
  await dropDatabase(ORDERS_DB);
  return {
    load,
    ordersPerSecond: load.filled / load.seconds,
    setupSeconds,
    fundedYen: MEMBERS * DEPOSITS_PER_MEMBER * Number(DEPOSIT),
    positions: Number(positions?.n ?? 0),
    openEntries: Number(entries?.n ?? 0),
    reconciled,
    grouping,
    perOrder: { statements: counts.statements / load.sent, transactions: counts.transactions / load.sent },
    cpu,
  };
}

interface PgbenchFigures {
  tps: number;
  transactions: number;
  latencyMs: number;
  initSeconds: number;
}

async function measurePgbench(): Promise<PgbenchFigures> {
  await freshDatabase(PGBENCH_DB);
  const conn = ['-h', '127.0.0.1', '-U', 'postgres'];
  const t0 = performance.now();
  await run(PGBENCH, [...conn, '-i', '-q', '-s', String(PGBENCH_SCALE), PGBENCH_DB]);
  const initSeconds = (performance.now() - t0) / 1000;
  const { stdout } = await run(PGBENCH, [
    ...conn,
    '-c',
    String(CONCURRENCY),
    '-j',
    '2',
    '-T',
    String(PGBENCH_SECONDS),
    PGBENCH_DB,
  ]);
  await dropDatabase(PGBENCH_DB);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`no tps in pgbench output:\n${stdout}`);
  log(`pgbench:\n${stdout.trim()}`);
  return {
    tps: Number(tps),
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0),
    latencyMs: Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? 0),
    initSeconds,
  };
}

// ================================================================ 2. trigger index vs naive scan

const LISTS: readonly TriggerList[] = ['bidFalls', 'bidRises', 'askRises', 'askFalls'];
/** As the index: "falls" lists fire for keys at or above the price (and round their keys up), "rises" at or below. */
const firesAbove = (list: TriggerList): boolean => list === 'bidFalls' || list === 'askFalls';

/** A small deterministic generator (mulberry32), so every run replays the same levels and ticks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tick {
  symbol: string;
  bid: string;
  ask: string;
}

interface Book {
  symbols: string[];
  entries: { id: string; symbol: string; levels: { list: TriggerList; price: string }[] }[];
  ticks: Tick[];
}

// Prices are in tenths of a yen. Each symbol has a base price; each level rests on its list's waiting side of the base,
// 0.1 %–10 % away (uniformly); ticks walk the mid a step (0.02 % of the base) at a time within ±0.25 % of the base,
// bid and ask a step either side, so a tick reaches the nearest few per cent of the levels it could cross.
const tenths = (n: number): string => `${Math.floor(n / 10)}.${n % 10}`;

function makeBook(symbolCount: number, levels: number, ticks: number): Book {
  const rnd = random(18 + symbolCount);
  const symbols = Array.from({ length: symbolCount }, (_, i) => `S${String(i).padStart(5, '0')}`);
  const base = symbols.map(() => 1000 + Math.floor(rnd() * 99_000)); // 100.0–9,999.9 yen
  const entries: Book['entries'] = [];
  for (let i = 0; i < levels; i++) {
    const s = i % symbolCount;
    const list = LISTS[Math.floor(rnd() * 4)] as TriggerList;
    const away = Math.max(1, Math.round((base[s] as number) * (0.001 + rnd() * 0.099)));
    // Waiting side: a "falls" level is below the price it waits under, a "rises" level above.
    const price = firesAbove(list) ? (base[s] as number) - away : (base[s] as number) + away;
    entries.push({
      id: `T${String(i).padStart(8, '0')}`,
      symbol: symbols[s] as string,
      levels: [{ list, price: tenths(price) }],
    });
  }
  const mid = [...base];
  const out: Tick[] = [];
  for (let i = 0; i < ticks; i++) {
    const s = Math.floor(rnd() * symbolCount);
    const b = base[s] as number;
    const step = Math.max(1, Math.round(b * 0.0002));
    const band = Math.max(step, Math.round(b * 0.0025));
    const move = rnd() < 0.5 ? -step : step;
    const m = Math.min(b + band, Math.max(b - band, (mid[s] as number) + move));
    mid[s] = m;
    out.push({ symbol: symbols[s] as string, bid: tenths(m - step), ask: tenths(m + step) });
  }
  return { symbols, entries, ticks: out };
}

const LIST_CODE: Record<TriggerList, number> = { bidFalls: 0, askFalls: 1, bidRises: 2, askRises: 3 };

interface NaiveLevel {
  id: string;
  symbol: string;
  list: number;
  key: number;
}

/**
 * The baseline: every level checked against every tick, on the same keys the index holds. With `fired`, levels already
 * returned are skipped and marked, as the engine takes a candidate out of the index.
 */
function naiveCandidates(
  all: readonly NaiveLevel[],
  symbol: string,
  bid: string,
  ask: string,
  fired: Uint8Array | null,
): Set<string> {
  const out = new Set<string>();
  const bidKey = priceKey(bid, false);
  const askKey = priceKey(ask, false);
  for (let i = 0; i < all.length; i++) {
    const l = all[i] as NaiveLevel;
    if (l.symbol !== symbol || (fired !== null && fired[i] === 1)) continue;
    if (
      (l.list === 0 && l.key >= bidKey) ||
      (l.list === 1 && l.key >= askKey) ||
      (l.list === 2 && l.key <= bidKey) ||
      (l.list === 3 && l.key <= askKey)
    ) {
      out.add(l.id);
      if (fired !== null) fired[i] = 1;
    }
  }
  return out;
}

/** The index's side of a tick: its candidates, and with `fire` each taken out as the engine does (`remove`). */
function indexCandidates(index: TriggerIndex, t: Tick, fire: boolean): number {
  const found = index.candidates(t.symbol, t.bid, t.ask);
  if (fire) for (const id of found) index.remove(id);
  return found.size;
}

interface TriggerFigures {
  symbols: number;
  fire: boolean;
  levels: number;
  loadMs: number;
  indexTicks: number;
  indexPerSecond: number;
  indexCandidates: number;
  maxCandidates: number;
  naiveTicks: number;
  naivePerSecond: number;
  checked: number;
  checkedNonEmpty: number;
  checkedCandidates: number;
  mismatches: number;
}

/**
 * One case. Without `fire`, every tick asks for candidates and the book stays as loaded (a level the price has crossed
 * is offered again on every tick beyond it). With `fire`, each tick's candidates leave the index as they do in the
 * engine (`index.remove`; the engine puts back those its write leaves waiting), and leave the naive scan alike.
 */
function measureTriggers(book: Book, fire: boolean): TriggerFigures {
  const index = new TriggerIndex();
  const t0 = performance.now();
  index.load(book.entries);
  const loadMs = performance.now() - t0;
  if (index.size !== LEVELS) throw new Error(`index holds ${index.size} of ${LEVELS}`);
  const naive: NaiveLevel[] = book.entries.map((e) => {
    const lv = e.levels[0] as { list: TriggerList; price: string };
    return { id: e.id, symbol: e.symbol, list: LIST_CODE[lv.list], key: priceKey(lv.price, firesAbove(lv.list)) };
  });
  const fired = fire ? new Uint8Array(naive.length) : null;

  // Correctness: the first CHECK_TICKS ticks by both (with `fire`, both books change alike), and without `fire` also
  // every 2,500th tick after them. With `fire` the timings below go on from the state these ticks left.
  const sample = fire
    ? book.ticks.slice(0, CHECK_TICKS)
    : [...book.ticks.slice(0, CHECK_TICKS), ...book.ticks.filter((_, i) => i >= CHECK_TICKS && i % 2500 === 0)];
  let mismatches = 0;
  let checkedNonEmpty = 0;
  let checkedCandidates = 0;
  for (const t of sample) {
    const a = index.candidates(t.symbol, t.bid, t.ask);
    if (fire) for (const id of a) index.remove(id);
    const b = naiveCandidates(naive, t.symbol, t.bid, t.ask, fired);
    if (a.size !== b.size || [...a].some((id) => !b.has(id))) {
      mismatches += 1;
      if (mismatches <= 3) log(`MISMATCH at ${JSON.stringify(t)}: index ${a.size}, naive ${b.size}`);
    }
    if (a.size > 0) checkedNonEmpty += 1;
    checkedCandidates += a.size;
  }
  const rest = fire ? book.ticks.slice(CHECK_TICKS) : book.ticks;

  // Timed over the same sequence: the index over all of it, the naive scan over its first NAIVE_TICKS ticks.
  if (!fire) for (let i = 0; i < 20_000; i++) indexCandidates(index, rest[i % rest.length] as Tick, false);
  let indexFound = 0;
  let maxCandidates = 0;
  let indexTicks = 0;
  const t1 = performance.now();
  const stopAt = t1 + INDEX_SECONDS * 1000;
  for (const t of rest) {
    const n = indexCandidates(index, t, fire);
    indexFound += n;
    if (n > maxCandidates) maxCandidates = n;
    if (++indexTicks % 1000 === 0 && performance.now() > stopAt) break;
  }
  const indexSeconds = (performance.now() - t1) / 1000;
  let naiveFound = 0;
  const t2 = performance.now();
  for (let i = 0; i < NAIVE_TICKS; i++) {
    const t = rest[i] as Tick;
    naiveFound += naiveCandidates(naive, t.symbol, t.bid, t.ask, fired).size;
  }
  const naiveSeconds = (performance.now() - t2) / 1000;
  log(`  (naive scan found ${naiveFound} candidates over its ${NAIVE_TICKS} timed ticks)`);
  return {
    symbols: book.symbols.length,
    fire,
    levels: LEVELS,
    loadMs,
    indexTicks,
    indexPerSecond: indexTicks / indexSeconds,
    indexCandidates: indexFound / indexTicks,
    maxCandidates,
    naiveTicks: NAIVE_TICKS,
    naivePerSecond: NAIVE_TICKS / naiveSeconds,
    checked: sample.length,
    checkedNonEmpty,
    checkedCandidates,
    mismatches,
  };
}

// ================================================================ main

const caseName = (f: TriggerFigures): string => `${fmt(f.symbols)} symbol${f.symbols === 1 ? '' : 's'}`;

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY; // 'orders' | 'triggers' while working on one of them
  const started = new Date();
  const lines: string[] = [
    `run ${started.toISOString()}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), Node ${process.version}`,
  ];

  if (only !== 'orders') {
    const trig: TriggerFigures[] = [];
    for (const symbols of [SPREAD_SYMBOLS, 1]) {
      const book = makeBook(symbols, LEVELS, INDEX_TICKS);
      for (const fire of [false, true]) {
        const f = measureTriggers(book, fire);
        log(`triggers measured: ${JSON.stringify(f)}`);
        trig.push(f);
      }
    }
    lines.push(
      '',
      `Trigger index, ${fmt(LEVELS)} resting levels: the same tick sequence for both; the index over up to ${fmt(INDEX_TICKS)} ticks (at most ${INDEX_SECONDS} s; after the ${fmt(CHECK_TICKS)} checked first when candidates are taken out), the naive scan over the first ${fmt(NAIVE_TICKS)} of them`,
      '| levels on | candidates | load | index ticks timed | indexed ticks/s | naive ticks/s | ratio | candidates per tick (mean, max) | same candidate sets |',
      '|---|---|---|---|---|---|---|---|---|',
      ...trig.map(
        (f) =>
          `| ${caseName(f)} | ${f.fire ? 'taken out (as the engine)' : 'left in'} | ${fmt(f.loadMs)} ms | ${fmt(f.indexTicks)} | ${fmt(f.indexPerSecond)} | ${fmt(f.naivePerSecond, 1)} | ${fmt(f.indexPerSecond / f.naivePerSecond)}× | ${fmt(f.indexCandidates, 2)}, ${fmt(f.maxCandidates)} | ${f.mismatches === 0 ? 'yes' : `NO (${f.mismatches} differ)`}: ${f.checked} ticks, ${f.checkedNonEmpty} with candidates, ${fmt(f.checkedCandidates)} candidates |`,
      ),
      ...trig.map(
        (f) =>
          `aims, ${caseName(f)}, candidates ${f.fire ? 'taken out' : 'left in'}: ≥ 100× the naive scan: ${f.indexPerSecond / f.naivePerSecond >= 100 ? 'met' : 'NOT met'}; ≥ 100,000 ticks/s: ${f.indexPerSecond >= 100_000 ? 'met' : 'NOT met'}`,
      ),
    );
    if (trig.some((f) => f.mismatches > 0)) process.exitCode = 1;
  }

  if (only !== 'triggers') {
    // Issue 24: the same load on the hot path as it was (every read from the database, the Idempotency-Key claimed and
    // answered in statements of their own) and as it is (reads cached, the key stored in the orders' transaction).
    const variants: { name: string; hotPath: HotPath }[] = [
      { name: 'before: reads uncached, key apart', hotPath: { cacheReads: false, keysInWrite: false } },
      { name: 'after: reads cached, key in the batch', hotPath: { cacheReads: true, keysInWrite: true } },
    ];
    // BENCH_ORDER_VARIANTS=after while working on the new path alone.
    const chosen = process.env.BENCH_ORDER_VARIANTS;
    if (chosen) variants.splice(0, variants.length, ...variants.filter((v) => v.name.startsWith(chosen)));
    const runs: OrderFigures[] = [];
    for (const v of variants) runs.push(await measureOrders(v.hotPath));
    const pgbench = await measurePgbench();
    const cells = (f: (o: OrderFigures) => string) => runs.map(f).join(' | ');
    const ratio = (o: OrderFigures) => o.ordersPerSecond / pgbench.tps;
    lines.push(
      '',
      `Orders through the HTTP API on PostgreSQL (${CONCURRENCY} keep-alive connections from a child process, ${ORDER_SECONDS} s, ${MEMBERS} members), the hot path before and after, and pgbench TPC-B (-s ${PGBENCH_SCALE}, -c ${CONCURRENCY} -j 2 -T ${PGBENCH_SECONDS}) on the same server`,
      `| figure | ${variants.map((v) => v.name).join(' | ')} |`,
      `|---|${variants.map(() => '---').join('|')}|`,
      `| market orders filled (status 1) | ${cells((o) => `${fmt(o.load.filled)} of ${fmt(o.load.sent)} in ${o.load.seconds.toFixed(1)} s`)} |`,
      `| **orders/s** | ${cells((o) => `**${fmt(o.ordersPerSecond, 1)}**`)} |`,
      `| order latency p50 / p99 / max | ${cells((o) => `${fmt(quantile(o.load.latencies, 0.5), 1)} / ${fmt(quantile(o.load.latencies, 0.99), 1)} / ${fmt(o.load.latencies.at(-1) ?? 0, 1)} ms`)} |`,
      `| statements / transactions per order | ${cells((o) => `${o.perOrder.statements.toFixed(2)} / ${o.perOrder.transactions.toFixed(2)}`)} |`,
      `| CPU: machine busy; server, load generator, the rest (PostgreSQL) — ms an order | ${cells((o) => `${((100 * o.cpu.machineBusyMs) / o.cpu.machineTotalMs).toFixed(0)} %; ${(o.cpu.serverMs / o.load.sent).toFixed(2)}, ${(o.cpu.loadMs / o.load.sent).toFixed(2)}, ${((o.cpu.machineBusyMs - o.cpu.serverMs - o.cpu.loadMs) / o.load.sent).toFixed(2)}`)} |`,
      `| **pgbench TPC-B tps** (one run) | ${cells(() => `**${fmt(pgbench.tps, 1)}**`)} |`,
      `| **ratio orders/s ÷ tps** | ${cells((o) => `**${ratio(o).toFixed(2)}** (aim ≥ 0.25: ${ratio(o) >= 0.25 ? 'met' : 'NOT met'}; goal 1.0)`)} |`,
      `| group commit | ${cells((o) => `${fmt(o.grouping.batched)} orders in ${fmt(o.grouping.batches)} batches (${fmt(o.grouping.batched / Math.max(1, o.grouping.batches), 1)} a batch), ${fmt(o.grouping.single)} alone, ${o.grouping.fallbacks} written again one by one`)} |`,
      `| positions holding / trade_open entries | ${cells((o) => `${fmt(o.positions)} / ${fmt(o.openEntries)}`)} |`,
      `| reconcile | ${cells((o) => `ok: ${o.reconciled.ok}; ${fmt(o.reconciled.entries)} entries, ${o.reconciled.unbalancedEntries.length} unbalanced, ${o.reconciled.balanceDifferences.length} differences`)} |`,
      ...runs.map(
        (o, i) =>
          `${variants[i]?.name}: answers ${JSON.stringify(o.load.answers)}; set-up ${o.setupSeconds.toFixed(1)} s (${MEMBERS} members, ${fmt(MEMBERS * DEPOSITS_PER_MEMBER)} deposits approved, ${fmt(o.fundedYen)} yen)`,
      ),
      `pgbench: ${fmt(pgbench.transactions)} transactions, latency average ${pgbench.latencyMs} ms, -i ${pgbench.initSeconds.toFixed(1)} s; after ÷ before: ${(runs[1] && runs[0] ? runs[1].ordersPerSecond / runs[0].ordersPerSecond : 0).toFixed(2)}×`,
    );
    for (const o of runs) {
      const short = Object.entries(o.load.answers).find(([k]) => k.includes('insufficientBalance'));
      if (short)
        lines.push(
          `WARNING: ${short[1]} orders were refused for want of money: the members ran out, so orders/s is understated (raise BENCH_DEPOSITS)`,
        );
      if (!o.reconciled.ok) process.exitCode = 1;
    }
  }
  log(`\n${lines.join('\n')}`);
  process.exit(process.exitCode ?? 0);
}

if (process.argv[2] === 'orders') await runOrderLoad();
else await main();
