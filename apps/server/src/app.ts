import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { Refusal, refuse } from './errors/public.ts';
import { statusOf } from './http/public.ts';
import { apiPrefix, registerRoutes, type RateLimits } from './http/public.ts';
import type { Route } from './http/public.ts';
import { buildOpenApi } from './http/public.ts';
import { inlineScriptSources, registerWebApp } from './http/public.ts';
import { systemClock, type Clock } from './clock.ts';
import { logSmsSender, type SmsSender } from './sms/public.ts';
import { makeAuthenticate, sessionCache } from './auth/public.ts';
import { accountService } from './accounts/public.ts';
import { accountRoutes } from './accounts/public.ts';
import { configRoutes } from './settings/public.ts';
import { auditRoutes } from './audit/public.ts';
import { idempotencyStore } from './http/public.ts';
import { simulatedRateProvider, type RateProvider } from './fx/public.ts';
import { depositService } from './funds/public.ts';
import { withdrawalService } from './funds/public.ts';
import { exchangeService } from './funds/public.ts';
import { recordsService } from './funds/public.ts';
import { fundReviewQueries } from './funds/public.ts';
import { fundRoutes } from './funds/public.ts';
import { uploadService } from './uploads/public.ts';
import { uploadRoutes } from './uploads/public.ts';
import { realNameService } from './verification/public.ts';
import { realNameRoutes } from './verification/public.ts';
import { bankCardService } from './cards/public.ts';
import { bankCardRoutes } from './cards/public.ts';
import { creditRoutes } from './credit/public.ts';
import { channelService } from './channels/public.ts';
import { channelRoutes } from './channels/public.ts';
import { memberAdminService } from './members/public.ts';
import { memberAdminRoutes } from './members/public.ts';
import { staffAdminRoutes, staffAdminService } from './staff/public.ts';
import {
  requireStaffTwoFactor,
  signInSecondStep,
  twoFactorAdminRoutes,
  twoFactorAdminService,
  twoFactorRoutes,
  twoFactorService,
} from './twofactor/public.ts';
import { memoryBus, type Bus } from './platform/public.ts';
import { soleLeader, type Leader } from './platform/public.ts';
import { outboxRelay, writeOutbox, type OutboxRelay } from './platform/public.ts';
import { followChanges } from './platform/public.ts';
import { jobRunner, type JobRunner } from './platform/public.ts';
import { registerPlatformJobs } from './platform/public.ts';
import { heartbeatDeadAfterMs, processHeartbeat } from './platform/public.ts';
import { streamServer, type StreamLimits, type StreamServer } from './stream/public.ts';
import { databaseStorage, folderStorage } from './uploads/public.ts';
import { defaultFourEyesThresholdJpy, reviewsService } from './reviews/public.ts';
import { reviewRoutes } from './reviews/public.ts';
import { depositReviewKind } from './funds/public.ts';
import { withdrawalReviewKind } from './funds/public.ts';
import { realNameReviewKind } from './verification/public.ts';
import { candleRetentionJob, startMarket, type MarketModule, type MarketOptions } from './market/public.ts';
import { newsRoutes, newsService } from './news/public.ts';
import { ipoJob, ipoRoutes, ipoService, winsAwaitingPayment } from './ipo/public.ts';
import { seatReviewKind, seatRoutes, seatService } from './seats/public.ts';
import { blockReviewKind, blockRoutes, blockService } from './block/public.ts';
import { copyEngine, copyRoutes, copyService, type CopyEngine } from './copy/public.ts';
import { dayTradeCutOffJob, dayTradeReviewKind, dayTradeRoutes, dayTradeService } from './daytrade/public.ts';
import { loanInterestJob, loanReviewKind, loanRoutes, loanService, loansDueBy } from './loans/public.ts';
import { supportRoutes, supportService } from './support/public.ts';
import { statementRoutes, statementService } from './statements/public.ts';
import { financingJob, tradeRoutes, tradeService, tradeSettingsService, triggerEngine } from './trading/public.ts';
import { tradingReads } from './trading/public.ts';
import type { TriggerEngine } from './trading/public.ts';
import { noticeRoutes, noticeService, noticesFromEvents, priceAlertWatcher, reminderJob } from './notices/public.ts';

export const defaultRateLimits: RateLimits = {
  signIn: { max: 10, timeWindowMs: 60_000 },
  register: { max: 5, timeWindowMs: 60_000 },
  resetCode: { max: 3, timeWindowMs: 60_000 },
  // Issue 27: a visitor's chat calls, per address (loading, sending and read receipts together).
  supportVisitor: { max: 30, timeWindowMs: 60_000 },
};

/**
 * Load shedding (issue 17 §13, `@fastify/under-pressure`): over a limit, a request is refused at once with 503 and
 * `errors.process.busy` instead of waiting behind work the process cannot finish. The limit is the event loop's mean
 * delay over a sample: a second means every callback already waits a second, so answers would come too late anyway.
 * Zero turns a limit off.
 */
export interface PressureLimits {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

export const defaultPressureLimits: PressureLimits = {
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: 0,
  sampleIntervalMs: 1000,
  retryAfterSeconds: 10,
};

export const bundledImagesDir = fileURLToPath(new URL('../assets/images/', import.meta.url));

/**
 * Issue 24 "twice the orders": what an order's call reads from the process instead of the database (the session, the
 * trading terms, the sale rules), and whether `trade/place` stores its Idempotency-Key in the orders' transaction.
 * Both on by default; the trading bench turns them off to measure the path as it was, in the same run.
 */
export interface HotPath {
  cacheReads: boolean;
  keysInWrite: boolean;
}

export interface AppOptions {
  db: Database;
  clock?: Clock;
  sms?: SmsSender;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Scaled mode: rate-limit counters shared by every API process. */
  redis?: Redis | undefined;
  /** Prefix of this deployment's keys in a shared Redis (rate-limit counters). */
  redisNamespace?: string;
  /** Private folder for uploaded images (never served statically). */
  uploadDir: string;
  /** `tse` applies the real deposit/withdrawal windows; `demo` keeps them open. */
  marketProfile?: 'demo' | 'tse';
  /** Exchange rates; the embedded default is the simulated reference table. */
  rates?: RateProvider;
  /** Four eyes: deposits and withdrawals of at least this many yen need two different approvers. */
  fourEyesThresholdJpy?: string;
  /** Built SPA to serve at `/`; null serves the API only. */
  webDist?: string | null;
  /** Cross-process bus (Redis in the scaled mode); in-process by default. */
  bus?: Bus;
  /** Who runs leader-only work (a PostgreSQL advisory lock in the scaled mode); this process by default. */
  leader?: Leader;
  /** This process's name in job_runs (host:port). */
  runner?: string;
  /** How often the outbox relay and the job runner look on their own (nudges come sooner). */
  platformIntervalMs?: number;
  /** WebSocket stream limits (tests lower them). */
  streamLimits?: Partial<StreamLimits>;
  /** The market feed: seed, step interval (null: tests step it), flush interval, history back-fill. */
  market?: Partial<MarketOptions>;
  /** When to shed load (`defaultPressureLimits` otherwise). */
  pressure?: Partial<PressureLimits>;
  /** Caches and keys on the order path (both on unless a bench turns them off). */
  hotPath?: HotPath;
  /** Tests (two processes): copy trading mirrors two follows a batch and calls this between batches. */
  copyBetweenBatches?: () => Promise<void>;
}

export interface KabutoApp {
  app: FastifyInstance;
  routes: readonly Route[];
  platform: {
    bus: Bus;
    leader: Leader;
    relay: OutboxRelay;
    jobs: JobRunner;
    stream: StreamServer;
    market: MarketModule;
    triggers: TriggerEngine;
    /** Issue 26: copy trading's leader engine (mirroring, copy stop-loss, term ends). */
    copy: CopyEngine;
    /** Group commit of new orders: batches written, orders in them, batches written again one by one. */
    orders: { stats(): { batches: number; batched: number; fallbacks: number; single: number } };
  };
}

const envelope = (msg: string) => ({ status: 0, msg, data: null });

export async function buildApp(opts: AppOptions): Promise<KabutoApp> {
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });
  const sms = opts.sms ?? logSmsSender(app.log);
  const limits: RateLimits = { ...defaultRateLimits, ...opts.rateLimits };

  /** Issue 17 §6: the process is stopping. */
  let stopping = false;
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A call answered while stopping ends its connection: the server's close waits for every connection, and an
    // idle keep-alive one would hold it until the keep-alive timeout.
    if (stopping) reply.header('connection', 'close');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(opts.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Served over plain HTTP on localhost in the embedded mode; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.redisNamespace ?? 'kabuto'}/rl-` } : {}),
    errorResponseBuilder: () => refuse(errorKeys.process.tooFrequent),
  });

  const pressure: PressureLimits = { ...defaultPressureLimits, ...opts.pressure };
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    sampleInterval: pressure.sampleIntervalMs,
    // Sent here, so the request goes no further (Fastify stops at a reply already sent).
    pressureHandler: async (_req, reply) => {
      await reply
        .code(503)
        .header('retry-after', String(pressure.retryAfterSeconds))
        .send(envelope(errorKeys.process.busy));
    },
  });

  app.setErrorHandler((err: Error & { code?: string; statusCode?: number }, req, reply) => {
    if (err instanceof Refusal) return reply.code(statusOf(err)).send(envelope(err.key));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(envelope(errorKeys.request.tooLarge));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send(envelope(errorKeys.request.unsupportedMediaType));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return reply.code(400).send(envelope(errorKeys.request.invalid));
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(envelope(errorKeys.process.busy));
  });

  const marketProfile = opts.marketProfile ?? 'demo';
  const rates = opts.rates ?? simulatedRateProvider();
  const money = { db: opts.db, clock, marketProfile };
  const bus = opts.bus ?? memoryBus();
  const leader = opts.leader ?? soleLeader(opts.db);
  const log = (msg: string, err?: unknown) => app.log.error({ err }, msg);
  // Issue 27: each member event the relay claims (once) that a member waits for becomes a notice in that transaction.
  const relay = outboxRelay({
    db: opts.db,
    bus,
    leader,
    clock,
    intervalMs: opts.platformIntervalMs,
    log,
    onClaimed: noticesFromEvents(clock),
  });
  // After a commit that wrote to the outbox: the leader relays it now, not at its next look.
  const nudgeRelay = (): void => void relay.nudge().catch((err: unknown) => log('outbox nudge failed', err));
  const hotPath: HotPath = opts.hotPath ?? { cacheReads: true, keysInWrite: true };
  const sessions = sessionCache({ db: opts.db, bus, enabled: hotPath.cacheReads });
  const stopFollowingSessions = await sessions.follow();
  const accounts = accountService({
    db: opts.db,
    clock,
    sms,
    afterCommit: nudgeRelay,
    sessionsEnded: sessions.ended,
    secondStep: signInSecondStep(opts.db),
  });
  // Issue 24 §7: this run's name on the idempotency keys it holds, kept alive by its heartbeat.
  const instance = randomUUID();
  const heartbeat = processHeartbeat({ db: opts.db, instance, log });
  const idempotency = idempotencyStore(opts.db, clock, { instance, deadAfterMs: heartbeatDeadAfterMs });
  const jobs = jobRunner({ db: opts.db, clock, leader, runner: opts.runner ?? `pid:${process.pid}`, log });
  registerPlatformJobs(jobs);
  jobs.register(candleRetentionJob());
  const market = await startMarket({
    db: opts.db,
    clock,
    bus,
    leader,
    profile: marketProfile,
    ...(opts.market ? { options: opts.market } : {}),
    log,
    info: (msg) => app.log.info(msg),
  });
  // Issue 27: the reviews' kinds are listed for the support inbox's member context (applications waiting).
  const support = supportService({
    db: opts.db,
    clock,
    reviewKinds: [
      realNameReviewKind,
      depositReviewKind,
      withdrawalReviewKind,
      seatReviewKind,
      blockReviewKind(marketProfile),
      loanReviewKind,
      dayTradeReviewKind,
    ],
    afterCommit: nudgeRelay,
  });
  const stream = await streamServer({
    db: opts.db,
    clock,
    bus,
    market: market.snapshot,
    visitorChat: { lastMessageId: (key) => support.lastVisitorMessageId(key) },
    limits: opts.streamLimits,
    log,
  });
  stream.attach(app.server);
  const reviews = reviewsService({
    db: opts.db,
    clock,
    fourEyesThresholdJpy: opts.fourEyesThresholdJpy ?? defaultFourEyesThresholdJpy,
    // The member's open screens learn of the decision through the outbox, committed with it.
    onSettled: (tx, kind, subject, status, reason) =>
      writeOutbox(
        tx,
        {
          topic: 'member',
          memberId: subject.memberId,
          type: kind.eventType,
          // Issue 27: a rejection's reason goes with it (the member's notice says why).
          payload: { kind: kind.name, target: subject.target, status, reason: status === 'rejected' ? reason : null },
        },
        clock.now(),
      ),
    afterCommit: nudgeRelay,
  });
  const tradingRead = tradingReads({ db: opts.db, profile: marketProfile, cacheReads: hotPath.cacheReads });
  const stopFollowingChanges = await followChanges(bus, tradingRead.caches);
  // Issue 26: day-trading quotas; their check runs inside the trading module's order transaction.
  const dayTrading = dayTradeService({
    db: opts.db,
    clock,
    profile: marketProfile,
    reviews,
    kind: dayTradeReviewKind,
    afterCommit: nudgeRelay,
  });
  const trading = tradeService({
    db: opts.db,
    clock,
    profile: marketProfile,
    market: market.snapshot,
    reads: tradingRead,
    afterCommit: nudgeRelay,
    dayTrade: (tx, orders) => dayTrading.guard(tx, orders),
  });
  const triggers = triggerEngine({
    db: opts.db,
    clock,
    bus,
    leader,
    market: market.snapshot,
    afterCommit: nudgeRelay,
    log,
    // Issue 27: price alerts ride the engine's ticks, queue and leadership.
    watcher: priceAlertWatcher({ db: opts.db, clock, market: market.snapshot, afterCommit: nudgeRelay, log }),
  });
  jobs.register(financingJob(opts.db, nudgeRelay));
  const copy = copyEngine({
    db: opts.db,
    clock,
    bus,
    leader,
    market: market.snapshot,
    profile: marketProfile,
    afterCommit: nudgeRelay,
    log,
    ...(opts.copyBetweenBatches ? { batchSize: 2, betweenBatches: opts.copyBetweenBatches } : {}),
  });
  jobs.register(copy.job());
  jobs.register(ipoJob(opts.db, nudgeRelay));
  jobs.register(
    dayTradeCutOffJob({ db: opts.db, profile: marketProfile, market: market.snapshot, afterCommit: nudgeRelay }),
  );
  jobs.register(loanInterestJob(opts.db, { afterCommit: nudgeRelay }));
  jobs.register(reminderJob(opts.db, { wins: winsAwaitingPayment, loans: loansDueBy }, { afterCommit: nudgeRelay }));
  const blockKind = blockReviewKind(marketProfile);
  const funds = fundRoutes({
    db: opts.db,
    clock,
    deposits: depositService(money),
    withdrawals: withdrawalService(money),
    exchange: exchangeService({ db: opts.db, clock, rates }),
    records: recordsService({ db: opts.db, clock, rates, trading: (memberId) => trading.profitOf(memberId) }),
    reviews: fundReviewQueries(opts.db, reviews),
  });
  const everyRoute: Route[] = [
    ...configRoutes(opts.db),
    ...accountRoutes(accounts),
    ...twoFactorRoutes(twoFactorService({ db: opts.db, clock })),
    ...twoFactorAdminRoutes(twoFactorAdminService({ db: opts.db, clock })),
    ...auditRoutes(opts.db),
    ...funds,
    ...uploadRoutes(
      uploadService({
        db: opts.db,
        clock,
        storage: opts.db.kind === 'postgres' ? databaseStorage(opts.db, clock) : folderStorage(opts.uploadDir),
      }),
    ),
    ...realNameRoutes(realNameService({ db: opts.db, clock, reviews })),
    ...reviewRoutes(reviews, {
      realName: realNameReviewKind,
      deposits: depositReviewKind,
      withdrawals: withdrawalReviewKind,
      seats: seatReviewKind,
      blocks: blockKind,
      loans: loanReviewKind,
      daytrade: dayTradeReviewKind,
    }),
    ...bankCardRoutes(bankCardService({ db: opts.db, clock })),
    ...creditRoutes(opts.db),
    ...channelRoutes(channelService({ db: opts.db, clock, marketProfile: opts.marketProfile ?? 'demo' })),
    ...memberAdminRoutes(
      memberAdminService({ db: opts.db, clock, afterCommit: nudgeRelay, sessionsEnded: sessions.ended }),
    ),
    ...staffAdminRoutes(
      staffAdminService({ db: opts.db, clock, afterCommit: nudgeRelay, sessionsEnded: sessions.ended }),
    ),
    ...market.routes,
    ...tradeRoutes(
      trading,
      tradeSettingsService({
        db: opts.db,
        clock,
        profile: marketProfile,
        reads: tradingRead,
        afterCommit: nudgeRelay,
      }),
    ),
    ...newsRoutes(newsService({ db: opts.db, clock })),
    ...ipoRoutes(ipoService({ db: opts.db, clock, profile: marketProfile, afterCommit: nudgeRelay })),
    ...seatRoutes(seatService({ db: opts.db, clock, reviews })),
    ...blockRoutes(
      blockService({ db: opts.db, clock, market: market.snapshot, reviews, kind: blockKind }),
      reviews,
      blockKind,
    ),
    ...copyRoutes(copyService({ db: opts.db, clock, market: market.snapshot, afterCommit: nudgeRelay })),
    ...dayTradeRoutes(dayTrading, reviews, dayTradeReviewKind),
    ...loanRoutes(
      loanService({ db: opts.db, clock, reviews, kind: loanReviewKind, afterCommit: nudgeRelay }),
      reviews,
      loanReviewKind,
    ),
    ...supportRoutes(support),
    ...statementRoutes(statementService({ db: opts.db, clock })),
    ...noticeRoutes(noticeService({ db: opts.db, clock, market: market.snapshot, afterCommit: nudgeRelay })),
  ];
  // Issue 27: staff calls wait until the staff member has turned two-step sign-in on.
  const routes = requireStaffTwoFactor(opts.db, everyRoute);
  const openapi = buildOpenApi(routes);

  await app.register(async (api) => {
    registerRoutes(api, routes, makeAuthenticate(sessions, clock), limits, idempotency, hotPath.keysInWrite);
  });
  app.get(`${apiPrefix}openapi.json`, async () => openapi);
  await app.register(fastifyStatic, {
    root: bundledImagesDir,
    prefix: '/api/images/',
    decorateReply: false,
    index: false,
  });

  const webDist = opts.webDist;
  if (webDist && existsSync(webDist)) {
    await registerWebApp(app, webDist);
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(envelope(errorKeys.request.notFound));
    return reply.code(404).type('text/plain').send('Not found');
  });

  app.addHook('onReady', async () => {
    await heartbeat.start();
    market.attach();
    await triggers.attach();
    await copy.attach();
    await leader.start();
    await relay.start();
    jobs.start(opts.platformIntervalMs);
  });
  // Issue 17 §6: sockets first, since the HTTP server's close waits for them; calls in flight are answered after.
  app.addHook('preClose', async () => {
    stopping = true;
    await stream.closeForRestart();
  });
  app.addHook('onClose', async () => {
    await heartbeat.stop();
    await jobs.stop();
    await relay.stop();
    await triggers.close();
    await copy.close();
    await market.close();
    await stream.close();
    await leader.stop();
    await stopFollowingSessions();
    await stopFollowingChanges();
    if (!opts.bus) await bus.close();
  });

  return {
    app,
    routes,
    platform: { bus, leader, relay, jobs, stream, market, triggers, copy, orders: { stats: trading.orderStats } },
  };
}
