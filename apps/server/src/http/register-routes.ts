import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorKeys } from '@kabuto/contracts/errors';
import { AppError } from './app-error.ts';
import type { Principal } from './policy.ts';
import type { RateLimitName, Route } from './route.ts';

export const apiPrefix = '/api/vue/';

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}
export type RateLimits = Record<RateLimitName, RateLimitRule>;

export type Authenticate = (req: FastifyRequest) => Promise<Principal | null>;

/** First catalogued key among the issues, else the generic one. */
export function keyOf(error: z.ZodError): string {
  for (const issue of error.issues) {
    if (issue.message.startsWith('errors.')) return issue.message;
  }
  return errorKeys.request.invalid;
}

// PostgreSQL text cannot hold U+0000: such input is refused here instead of failing in the database as a 500.
const containsNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : typeof value === 'object' && value !== null && Object.values(value).some(containsNul);

export function registerRoutes(app: FastifyInstance, routes: readonly Route[], authenticate: Authenticate, limits: RateLimits): void {
  for (const r of routes) {
    const limit = r.rateLimit ? limits[r.rateLimit] : undefined;
    app.post(
      apiPrefix + r.call.path,
      limit ? { config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } } : {},
      async (req) => {
        const principal = await authenticate(req);
        if (r.policy.kind !== 'public' && !principal) throw new AppError(errorKeys.auth.required, 401);
        if (r.policy.kind === 'staff' && (!principal?.role || !r.policy.roles.includes(principal.role))) {
          throw new AppError(errorKeys.auth.forbidden, 403);
        }
        // A request without a body reads as {}; a JSON `null` body is not an object and is refused by the contract.
        const parsed = r.call.request.safeParse(req.body === undefined ? {} : req.body);
        if (!parsed.success) throw new AppError(keyOf(parsed.error) as AppError['key'], 400);
        if (containsNul(parsed.data)) throw new AppError(errorKeys.request.invalid, 400);
        const data = await r.handler({ body: parsed.data, principal, requestId: req.id, ip: req.ip });
        return { status: 1, msg: r.success ?? '', data: r.call.response.parse(data) };
      },
    );
  }
}
