import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { allErrorKeys, errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { Refusal, refuse } from '../errors/public.ts';
import { InvalidRequest, statusOf } from './refusal-status.ts';
import type { Principal } from './policy.ts';
import { bodyHash, idempotencyKeyPattern, KeyTaken, type IdempotencyStore, type KeyInWrite } from './idempotency.ts';
import { readMultipart, registerMultipartScope, sendRaw } from './multipart.ts';
import type { RateLimitName, RawAnswer, Route } from './route.ts';

export const apiPrefix = '/api/vue/';

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}
export type RateLimits = Record<RateLimitName, RateLimitRule>;

export type Authenticate = (req: FastifyRequest) => Promise<Principal | null>;

/** First catalogued key among the issues, else the generic one. */
const catalogued = new Set<string>(allErrorKeys());
export function keyOf(error: z.ZodError): ErrorKey {
  for (const issue of error.issues) {
    if (catalogued.has(issue.message)) return issue.message as ErrorKey;
  }
  return errorKeys.request.invalid;
}

// PostgreSQL text cannot hold U+0000: such input is refused here instead of failing in the database as a 500.
const containsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' && value !== null && Object.values(value).some(containsNul);

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly Route[],
  authenticate: Authenticate,
  limits: RateLimits,
  idempotency: IdempotencyStore,
  /** Issue 24: routes marked `idempotent.inWrite` store their key in their own transaction (false: the bench's before). */
  useKeysInWrite = true,
): void {
  for (const r of routes) {
    // A multipart route is added again inside its own scope, the only one with the multipart parser.
    if (r.multipart && !app.hasContentTypeParser('multipart/form-data')) {
      registerMultipartScope(app, (scope) =>
        registerRoutes(scope, [r], authenticate, limits, idempotency, useKeysInWrite),
      );
      continue;
    }
    const limit = r.rateLimit ? limits[r.rateLimit] : undefined;
    app.post(
      apiPrefix + r.call.path,
      limit ? { config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } } : {},
      async (req, reply) => {
        const principal = await authenticate(req);
        if (r.policy.kind !== 'public' && !principal) throw refuse(errorKeys.auth.required);
        if (r.policy.kind === 'staff' && (!principal?.role || !r.policy.roles.includes(principal.role))) {
          throw refuse(errorKeys.auth.forbidden);
        }
        // A request without a body reads as {}; a JSON `null` body is not an object and is refused by the contract.
        const input = r.multipart
          ? await readMultipart(req, r.multipart)
          : { fields: req.body === undefined ? {} : req.body, file: undefined };
        const parsed = r.call.request.safeParse(input.fields);
        if (!parsed.success) throw new InvalidRequest(keyOf(parsed.error));
        if (containsNul(parsed.data)) throw refuse(errorKeys.request.invalid);
        if (r.raw)
          return sendRaw(
            reply,
            (await r.handler({
              body: parsed.data,
              principal,
              requestId: req.id,
              ip: req.ip,
              idempotencyKey: null,
              keyInWrite: null,
            })) as RawAnswer,
          );
        const seal = (data: unknown) => ({ status: 1, msg: r.success ?? '', data: r.call.response.parse(data) });
        const run = async (idempotencyKey: string | null = null, keyInWrite: KeyInWrite | null = null) =>
          seal(
            await r.handler({
              body: parsed.data,
              principal,
              requestId: req.id,
              ip: req.ip,
              file: input.file,
              idempotencyKey,
              keyInWrite,
            }),
          );
        const key = req.headers['idempotency-key'];
        if (!r.idempotent || key === undefined || !principal) return run();
        if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) throw refuse(errorKeys.request.invalid);
        const hash = bodyHash(r.call.path, parsed.data);
        if (r.idempotent.inWrite && useKeysInWrite) {
          // Issue 24: the handler's transaction stores the answer with the work; a used key is answered as below.
          const keyed = { memberId: principal.memberId, key, path: r.call.path, hash };
          try {
            return await run(key, { ...keyed, seal });
          } catch (err) {
            if (err instanceof Refusal) {
              // Nothing was written; the refusal is the key's answer unless the key already has one.
              const body = { status: 0, msg: err.key, data: null };
              if (await idempotency.storeRefusal({ ...keyed, httpStatus: statusOf(err), body })) throw err;
            } else if (!(err instanceof KeyTaken)) throw err;
          }
        }
        const start = await idempotency.begin(principal.memberId, key, r.call.path, hash);
        if (start.kind === 'reused') throw refuse(errorKeys.idempotency.keyReused);
        if (start.kind === 'inProgress') throw refuse(errorKeys.idempotency.inProgress);
        if (start.kind === 'replay')
          return reply.code(start.httpStatus).header('idempotent-replay', 'true').send(start.body);
        if (start.kind === 'stale') {
          // The first run's process died (or its lease ran out): its business row, committed with the key, rebuilds the answer.
          const recovered = await r.idempotent.recover(principal, key);
          if (recovered !== null) {
            const answer = { status: 1, msg: r.success ?? '', data: r.call.response.parse(recovered) };
            await idempotency.finish(principal.memberId, key, 200, answer);
            return reply.code(200).header('idempotent-replay', 'true').send(answer);
          }
          if (!(await idempotency.reclaim(principal.memberId, key, start.holder)))
            throw refuse(errorKeys.idempotency.inProgress);
        }
        try {
          const answer = await run(key);
          await idempotency.finish(principal.memberId, key, 200, answer);
          return answer;
        } catch (err) {
          if (err instanceof Refusal)
            await idempotency.finish(principal.memberId, key, statusOf(err), { status: 0, msg: err.key, data: null });
          else await idempotency.abandon(principal.memberId, key);
          throw err;
        }
      },
    );
  }
}
