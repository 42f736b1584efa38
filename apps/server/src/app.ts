import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { AppError } from './http/app-error.ts';
import { apiPrefix, registerRoutes, type RateLimits } from './http/register-routes.ts';
import type { Route } from './http/route.ts';
import { buildOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/static-assets.ts';
import { systemClock, type Clock } from './clock.ts';
import { logSmsSender, type SmsSender } from './sms/sms-sender.ts';
import { makeAuthenticate } from './auth/authenticate.ts';
import { accountService } from './accounts/account.service.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { configRoutes } from './settings/config.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { idempotencyStore } from './http/idempotency.ts';
import { simulatedRateProvider, type RateProvider } from './fx/rate-provider.ts';
import { depositService } from './funds/deposit.service.ts';
import { withdrawalService } from './funds/withdrawal.service.ts';
import { exchangeService } from './funds/exchange.service.ts';
import { recordsService } from './funds/records.service.ts';
import { fundReviewQueries } from './funds/fund-reviews.service.ts';
import { fundRoutes } from './funds/funds.routes.ts';
import { uploadService } from './uploads/upload.service.ts';
import { uploadRoutes } from './uploads/upload.routes.ts';
import { realNameService } from './verification/real-name.service.ts';
import { realNameRoutes } from './verification/real-name.routes.ts';
import { bankCardService } from './cards/bank-card.service.ts';
import { bankCardRoutes } from './cards/bank-card.routes.ts';
import { creditRoutes } from './credit/credit.routes.ts';
import { channelService } from './channels/channel.service.ts';
import { channelRoutes } from './channels/channel.routes.ts';
import { memberAdminService } from './members/member-admin.service.ts';
import { memberAdminRoutes } from './members/member-admin.routes.ts';
import { defaultFourEyesThresholdJpy, reviewsService } from './reviews/reviews.service.ts';
import { reviewRoutes } from './reviews/reviews.routes.ts';
import { depositReviewKind } from './funds/deposit-review.ts';
import { withdrawalReviewKind } from './funds/withdrawal-review.ts';
import { realNameReviewKind } from './verification/real-name-review.ts';

export const defaultRateLimits: RateLimits = {
  signIn: { max: 10, timeWindowMs: 60_000 },
  register: { max: 5, timeWindowMs: 60_000 },
  resetCode: { max: 3, timeWindowMs: 60_000 },
};

export const bundledImagesDir = fileURLToPath(new URL('../assets/images/', import.meta.url));

export interface AppOptions {
  db: Database;
  clock?: Clock;
  sms?: SmsSender;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Scaled mode: rate-limit counters shared by every API process. */
  redis?: Redis | undefined;
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
}

export interface KabutoApp {
  app: FastifyInstance;
  routes: readonly Route[];
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

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'kabuto-rl-' } : {}),
    errorResponseBuilder: () => new AppError(errorKeys.process.tooFrequent, 429),
  });

  app.setErrorHandler((err: Error & { code?: string; statusCode?: number }, req, reply) => {
    if (err instanceof AppError) return reply.code(err.httpStatus).send(envelope(err.key));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(envelope(errorKeys.request.tooLarge));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(envelope(errorKeys.request.unsupportedMediaType));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply.code(400).send(envelope(errorKeys.request.invalid));
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(envelope(errorKeys.process.busy));
  });

  const accounts = accountService({ db: opts.db, clock, sms });
  const marketProfile = opts.marketProfile ?? 'demo';
  const rates = opts.rates ?? simulatedRateProvider();
  const money = { db: opts.db, clock, marketProfile };
  const reviews = reviewsService({ db: opts.db, clock, fourEyesThresholdJpy: opts.fourEyesThresholdJpy ?? defaultFourEyesThresholdJpy });
  const funds = fundRoutes({
    db: opts.db,
    clock,
    deposits: depositService(money),
    withdrawals: withdrawalService(money),
    exchange: exchangeService({ db: opts.db, clock, rates }),
    records: recordsService({ db: opts.db, clock, rates }),
    reviews: fundReviewQueries(opts.db, reviews),
  });
  const routes: Route[] = [...configRoutes(opts.db), ...accountRoutes(accounts), ...auditRoutes(opts.db), ...funds,
    ...uploadRoutes(uploadService({ db: opts.db, clock, uploadDir: opts.uploadDir })),
    ...realNameRoutes(realNameService({ db: opts.db, clock, reviews })),
    ...reviewRoutes(reviews, { realName: realNameReviewKind, deposits: depositReviewKind, withdrawals: withdrawalReviewKind }),
    ...bankCardRoutes(bankCardService({ db: opts.db, clock })),
    ...creditRoutes(opts.db),
    ...channelRoutes(channelService({ db: opts.db, clock, marketProfile: opts.marketProfile ?? 'demo' })),
    ...memberAdminRoutes(memberAdminService({ db: opts.db, clock })),
  ];
  const openapi = buildOpenApi(routes);

  await app.register(async (api) => {
    registerRoutes(api, routes, makeAuthenticate(opts.db, clock), limits, idempotencyStore(opts.db, clock));
  });
  app.get(`${apiPrefix}openapi.json`, async () => openapi);
  await app.register(fastifyStatic, { root: bundledImagesDir, prefix: '/api/images/', decorateReply: false, index: false });

  const webDist = opts.webDist;
  if (webDist && existsSync(webDist)) {
    await registerWebApp(app, webDist);
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(envelope(errorKeys.request.notFound));
    return reply.code(404).type('text/plain').send('Not found');
  });

  return { app, routes };
}
