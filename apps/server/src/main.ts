import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import closeWithGrace from 'close-with-grace';
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { readRecordedTicks } from '@kabuto/market/feed';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { seedOnce } from './seed.ts';
import { checkPortFree, portInUseMessage } from './port-in-use.ts';
import { memoryBus, redisBus } from './platform/public.ts';
import { advisoryLockLeader, soleLeader } from './platform/public.ts';

const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Issue 17 §6: a stop that takes longer than this (a call that never ends) exits anyway, with code 1. */
const shutdownGraceMs = 8000;

export async function main(): Promise<void> {
  const cfg = readConfig(process.env);
  // A second `npm start` stops here, before it opens (and migrates) the first one's PGlite folder.
  await checkPortFree(cfg.port, cfg.host);
  const db = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  await migrate(db);
  const seed = await seedOnce(db, {
    staffPassword: process.env.SEED_STAFF_PASSWORD || undefined,
    inviteCode: process.env.SEED_INVITE_CODE || undefined,
  });
  // Scaled mode: Redis holds what every process must share (rate-limit counters, and the bus below).
  const redis = cfg.redisUrl ? new Redis(cfg.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  // Scaled mode: events cross processes on Redis; one process at a time leads (PostgreSQL advisory lock).
  const bus = cfg.redisUrl ? redisBus(cfg.redisUrl, cfg.redisNamespace) : memoryBus();
  const leader = cfg.databaseUrl
    ? advisoryLockLeader({
        connectionString: cfg.databaseUrl,
        log: (msg) => process.stdout.write(`${JSON.stringify({ msg, pid: process.pid, time: Date.now() })}\n`),
      })
    : soleLeader(db);
  const { app } = await buildApp({
    db,
    webDist,
    redis,
    redisNamespace: cfg.redisNamespace,
    uploadDir: join(cfg.dataDir, 'uploads'),
    marketProfile: cfg.marketProfile,
    fourEyesThresholdJpy: cfg.fourEyesThresholdJpy,
    market: {
      feedIntervalMs: cfg.marketFeedIntervalMs,
      backfill: cfg.marketBackfill === 'ondemand' ? 'onDemand' : 'background',
      // The recording is read (and checked line by line) before serving, so a bad file stops the start.
      ...(cfg.marketReplayFile
        ? { replay: { ticks: await readRecordedTicks(cfg.marketReplayFile), speed: cfg.marketReplaySpeed, loop: true } }
        : {}),
    },
    bus,
    leader,
    streamLimits: { maxSocketsPerAddress: cfg.streamSocketsPerAddress },
    // Tests only (copy trading's two-process test): a pause between two batches of a fan-out, to kill the leader in it.
    ...(process.env.COPY_TEST_BATCH_PAUSE_MS
      ? {
          copyBetweenBatches: () =>
            new Promise<void>((r) => setTimeout(r, Number(process.env.COPY_TEST_BATCH_PAUSE_MS))),
        }
      : {}),
    runner: `${hostname()}:${cfg.port}:${process.pid}`,
    logger: { level: cfg.logLevel },
    rateLimits: {
      signIn: { max: cfg.signInPerMinute, timeWindowMs: 60_000 },
      register: { max: cfg.registerPerMinute, timeWindowMs: 60_000 },
    },
  });
  // SIGTERM/SIGINT: sockets are told to reconnect elsewhere, calls in flight are answered, the feed flushes, the
  // outbox relay and jobs stop, the leader lock goes (app.ts hooks), then the connections close and the process
  // exits 0. A second signal, or the grace running out, exits 1 at once.
  closeWithGrace(
    { delay: shutdownGraceMs, logger: { error: (msg: unknown) => app.log.error(msg) } },
    async ({ err }) => {
      if (err) app.log.error({ err }, 'closing after an unexpected error');
      await app.close();
      await bus.close();
      redis?.disconnect();
      await db.close();
    },
  );
  await app.listen({ port: cfg.port, host: cfg.host });
  const address = `http://${cfg.host === '0.0.0.0' ? 'localhost' : cfg.host}:${cfg.port}/`;
  const lines = [
    '',
    `Kabuto is running at ${address}`,
    `  database: ${cfg.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${cfg.dataDir}`} · shared state: ${cfg.redisUrl ? 'Redis (REDIS_URL)' : 'in-process'} · market profile: ${cfg.marketProfile} · prices: ${cfg.marketReplayFile ? `replay of ${cfg.marketReplayFile}` : 'simulated'}`,
    `  demo invitation code: ${seed.inviteCode}`,
    seed.staffPassword
      ? `  staff sign-in: account ${seed.staffAccount}, password ${seed.staffPassword}  (shown this once; it is stored only as a hash)`
      : `  staff sign-in: account ${seed.staffAccount} (password was printed at first start)`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

try {
  await main();
} catch (error) {
  const busy = portInUseMessage(error);
  if (busy === null) throw error;
  process.stderr.write(`${busy}\n`);
  process.exit(1);
}
