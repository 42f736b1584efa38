// Issue 7 benchmark (`npm run bench`, not part of `npm test`): quote fan-out to many WebSocket clients
// on loopback through the real stream server, divided by a bare `ws` broadcast loop of the same
// messages in the same run; p99 tick-to-client latency and sequence gaps. Clients live in a child
// process so they do not share the server's event loop.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type * as WsModule from 'ws';
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { stepTick } from '@kabuto/domain/market/tick-size';
import { money, toWire } from '@kabuto/domain/money';
import { buildApp } from '../apps/server/src/app.ts';
import { seedOnce } from '../apps/server/src/seed.ts';
import { encodeTick, type CandleTuple } from '../apps/server/src/market/market-messages.ts';

// The root resolves an older `ws` (a dev tool's); load the one the server itself uses, so both runs use the same library.
const { WebSocket, WebSocketServer } = createRequire(new URL('../apps/server/package.json', import.meta.url))(
  'ws',
) as typeof WsModule;
type WebSocket = WsModule.WebSocket;

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const BURST = Number(process.env.BENCH_BURST ?? 60);
const PACED = Number(process.env.BENCH_PACED ?? 20);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SYMBOL = '7203';
const TOPIC = `quotes:${SYMBOL}`;

type ToChild = { kind: 'phase'; expected: number } | { kind: 'close' };
type FromChild =
  | { kind: 'ready'; connected: number; ms: number }
  | { kind: 'phaseDone'; received: number; gaps: number; p50: number; p99: number; max: number; sample: string[] }
  | { kind: 'closed' };

// ---------------------------------------------------------------- clients (child process)
async function runClients(): Promise<void> {
  const url = process.env.BENCH_URL as string;
  const mode = process.env.BENCH_MODE as 'stream' | 'bare';
  const token = process.env.BENCH_TOKEN ?? '';
  const account = process.env.BENCH_ACCOUNT ?? '';
  const sockets: WebSocket[] = [];
  const lastSeq: number[] = [];
  let received = 0;
  let gaps = 0;
  let latencies: number[] = [];
  let expected = Infinity;
  let sample: string[] = [];
  const started = Date.now();
  const send = (m: FromChild) => process.send?.(m);

  const finishPhase = () => {
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    send({ kind: 'phaseDone', received, gaps, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0, sample });
    expected = Infinity;
  };

  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      sockets[i] = ws;
      lastSeq[i] = -1;
      ws.once('error', reject);
      ws.on('message', (data) => {
        const text = String(data);
        const m = JSON.parse(text) as { type: string; seq?: string; data?: { at?: string } };
        if (m.type === 'ready') {
          ws.send(JSON.stringify({ type: 'subscribe', topic: TOPIC }));
          return;
        }
        if (m.type === 'subscribed') {
          lastSeq[i] = Number(m.seq);
          resolve();
          return;
        }
        if (m.type !== 'quote') return;
        const seq = Number(m.seq);
        if (lastSeq[i] !== -1 && seq !== (lastSeq[i] as number) + 1) gaps += 1;
        lastSeq[i] = seq;
        latencies.push(Date.now() - Date.parse(m.data?.at ?? ''));
        if (i === 0) sample.push(text);
        received += 1;
        if (received >= expected) finishPhase();
      });
      ws.once('open', () => {
        if (mode === 'stream') ws.send(JSON.stringify({ type: 'auth', token, account }));
        else resolve();
      });
    });

  for (let i = 0; i < CLIENTS; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, CLIENTS - i) }, (_, k) => open(i + k)));
  }
  send({ kind: 'ready', connected: sockets.length, ms: Date.now() - started });
  process.on('message', (m: ToChild) => {
    if (m.kind === 'phase') {
      received = 0;
      gaps = 0;
      latencies = [];
      sample = [];
      expected = m.expected;
      if (received >= expected) finishPhase();
    } else {
      for (const ws of sockets) ws.terminate();
      send({ kind: 'closed' });
      setTimeout(() => process.exit(0), 100);
    }
  });
}

// ---------------------------------------------------------------- server side (parent)
function startClients(env: Record<string, string>): {
  child: ChildProcess;
  next: <K extends FromChild['kind']>(kind: K, ms?: number) => Promise<Extract<FromChild, { kind: K }>>;
} {
  const child = fork(new URL(import.meta.url).pathname, ['clients'], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const queue: FromChild[] = [];
  const waiters: ((m: FromChild) => void)[] = [];
  child.on('message', (m: FromChild) => {
    const w = waiters.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const next = <K extends FromChild['kind']>(kind: K, ms = 300_000) =>
    new Promise<Extract<FromChild, { kind: K }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`clients: no ${kind} in ${ms} ms`)), ms);
      const take = (m: FromChild) => {
        clearTimeout(timer);
        if (m.kind !== kind) reject(new Error(`clients: expected ${kind}, got ${JSON.stringify(m).slice(0, 200)}`));
        else resolve(m as Extract<FromChild, { kind: K }>);
      };
      const queued = queue.shift();
      if (queued) take(queued);
      else waiters.push(take);
    });
  return { child, next };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface PhaseResult {
  ms: number;
  deliveries: number;
  perSecond: number;
  gaps: number;
  p50: number;
  p99: number;
  max: number;
  sample: string[];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  const seed = await seedOnce(db, { staffPassword: 'Bench12345678' });
  const built = await buildApp({
    db,
    uploadDir: join(dataDir, 'uploads'),
    market: { feedIntervalMs: null, backfill: 'onDemand' },
    rateLimits: { signIn: { max: 1000, timeWindowMs: 60_000 }, register: { max: 1000, timeWindowMs: 60_000 } },
  });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const account = '0812345678';
  await built.app.inject({
    method: 'POST',
    url: '/api/vue/user/register',
    payload: { account, password: 'abcd1234', confirmPassword: 'abcd1234', inviteCode: seed.inviteCode, agree: true },
  });
  const login = (
    await built.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      payload: { account, password: 'abcd1234', agree: true },
    })
  ).json() as { data: { token: string } };
  const { bus, market } = built.platform;
  const entry = market.snapshot.get(SYMBOL);
  if (!entry) throw new Error('no 7203');

  // Bus messages for one symbol, as the leader's feed publishes them; `at` is stamped at publish time.
  let seq = entry.state.seq;
  let price = money(entry.state.last);
  let step = 0;
  const publishTick = async (): Promise<void> => {
    const up = step % 4 < 2;
    price = stepTick(price, 'topix500', up ? 'up' : 'down') ?? price;
    seq += 1;
    step += 1;
    const now = Date.now();
    const last = toWire(price);
    const minute: CandleTuple = [Math.floor(now / 60_000) * 60_000, last, last, last, last, 100, last];
    const tick = encodeTick(
      { ...entry.state, seq, at: now, last, volume: entry.state.volume + step * 100 },
      null,
      { '1m': minute },
      false,
    );
    await bus.publish(
      'kabuto:market',
      JSON.stringify({ kind: 'ticks', step: 1_000_000 + step, source: 'simulated', ticks: [tick], indices: null }),
    );
  };

  const phase = async (
    next: ReturnType<typeof startClients>['next'],
    child: ChildProcess,
    count: number,
    paceMs: number,
    send: () => Promise<void>,
  ): Promise<PhaseResult> => {
    child.send({ kind: 'phase', expected: count * CLIENTS } satisfies ToChild);
    await sleep(200);
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      await send();
      if (paceMs > 0) await sleep(paceMs);
    }
    const done = await next('phaseDone');
    const ms = performance.now() - t0;
    return {
      ms,
      deliveries: done.received,
      perSecond: done.received / (ms / 1000),
      gaps: done.gaps,
      p50: done.p50,
      p99: done.p99,
      max: done.max,
      sample: done.sample,
    };
  };

  // The same quote messages through a bare ws server: one JSON string, one send per socket.
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  let sample: string[] = [];
  let i = 0;
  const broadcast = async (): Promise<void> => {
    const text = (sample[i % sample.length] as string)
      .replace(/"at":"[^"]*"/, `"at":"${new Date().toISOString()}"`)
      .replace(/"seq":"\d+"/, `"seq":"${entry.state.seq + 1 + i}"`);
    i += 1;
    for (const c of wss.clients) c.send(text);
  };

  // Rounds alternate the two servers, so a noisy neighbour on a shared machine hits both alike.
  const rounds: {
    streamBurst: PhaseResult;
    streamPaced: PhaseResult;
    bareBurst: PhaseResult;
    barePaced: PhaseResult;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const stream = startClients({
      BENCH_URL: `${address.replace('http', 'ws')}/api/vue/stream`,
      BENCH_MODE: 'stream',
      BENCH_TOKEN: login.data.token,
      BENCH_ACCOUNT: account,
    });
    const ready = await stream.next('ready');
    process.stdout.write(
      `round ${round} stream: ${ready.connected} clients signed in and subscribed in ${ready.ms} ms (server has ${built.platform.stream.connections()} sockets)\n`,
    );
    const streamBurst = await phase(stream.next, stream.child, BURST, 0, publishTick);
    const streamPaced = await phase(stream.next, stream.child, PACED, PACE_MS, publishTick);
    sample = streamBurst.sample;
    stream.child.send({ kind: 'close' } satisfies ToChild);
    await stream.next('closed');
    await sleep(1000);

    const bare = startClients({ BENCH_URL: `ws://127.0.0.1:${port}`, BENCH_MODE: 'bare' });
    const bareReady = await bare.next('ready');
    process.stdout.write(`round ${round} bare: ${bareReady.connected} clients in ${bareReady.ms} ms\n`);
    i = 0;
    const bareSubscribed = JSON.stringify({ type: 'subscribed', topic: TOPIC, seq: String(entry.state.seq) });
    for (const c of wss.clients) c.send(bareSubscribed);
    await sleep(500);
    const bareBurst = await phase(bare.next, bare.child, BURST, 0, broadcast);
    const barePaced = await phase(bare.next, bare.child, PACED, PACE_MS, broadcast);
    bare.child.send({ kind: 'close' } satisfies ToChild);
    await bare.next('closed');
    await sleep(1000);
    rounds.push({ streamBurst, streamPaced, bareBurst, barePaced });
    process.stdout.write(`round ${round} ratio ${(streamBurst.perSecond / bareBurst.perSecond).toFixed(2)}\n`);
  }
  await new Promise((r) => wss.close(r));
  await built.app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  const row = (round: string, name: string, r: PhaseResult) =>
    `| ${round} | ${name} | ${r.deliveries} | ${Math.round(r.ms)} ms | ${Math.round(r.perSecond).toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms | ${r.gaps} |`;
  const ratios = rounds.map((r) => r.streamBurst.perSecond / r.bareBurst.perSecond).sort((a, b) => a - b);
  const lines = [
    `clients ${CLIENTS}, ${ROUNDS} rounds, burst ${BURST} messages, paced ${PACED} messages every ${PACE_MS} ms, ${cpus().length} CPUs, Node ${process.version}`,
    '| round | run | deliveries | time | deliveries/s | p50 | p99 | max | gaps |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rounds.flatMap((r, n) => [
      row(`${n + 1}`, 'stream server, burst', r.streamBurst),
      row(`${n + 1}`, 'bare ws, burst', r.bareBurst),
      row(`${n + 1}`, 'stream server, paced', r.streamPaced),
      row(`${n + 1}`, 'bare ws, paced', r.barePaced),
    ]),
    `ratio (stream ÷ bare, burst deliveries/s) per round: ${rounds.map((r) => (r.streamBurst.perSecond / r.bareBurst.perSecond).toFixed(2)).join(', ')}; median ${(ratios[Math.floor(ratios.length / 2)] ?? 0).toFixed(2)}`,
    `sequence gaps, all stream runs: ${rounds.reduce((n, r) => n + r.streamBurst.gaps + r.streamPaced.gaps, 0)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

if (process.argv[2] === 'clients') await runClients();
else await main();
