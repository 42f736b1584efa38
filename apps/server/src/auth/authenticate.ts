import type { FastifyRequest } from 'fastify';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { busChannels, readCache, type Bus, type RelayedEvent } from '../platform/public.ts';
import { hashToken, resolveSessionByHash, type SessionPrincipal } from './session.service.ts';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};

/**
 * Issue 24 "twice the orders": the session behind a token, kept in the process instead of read on every call. A
 * session ended (sign-out, a password changed, a restriction that bars sign-in) is forgotten here right after its
 * commit (`ended`) and in every other process when its `session.ended` event arrives on the bus; an entry also
 * expires with its session and lives at most `ttlMs`, the bound should the bus lose a message. Staff sessions are
 * not kept.
 */
export function sessionCache(deps: { db: Database; bus: Bus; enabled: boolean; ttlMs?: number }) {
  const cache = readCache<string, SessionPrincipal | null>({
    max: 50_000,
    ttlMs: deps.ttlMs ?? 30_000,
    enabled: deps.enabled,
    // A staff session is read every time: a role taken away in the database ends its rights at once (route-policies
    // test). Members' sessions, the order path, are kept.
    keep: (session) => session?.role == null,
  });
  const ended = (memberId: string, tokenHash: string | null): void => {
    if (tokenHash) cache.forget(tokenHash);
    else cache.forgetWhere((s) => s?.memberId === memberId);
  };
  return {
    async resolve(token: string, now: Date): Promise<SessionPrincipal | null> {
      if (token.length < 20 || token.length > 100) return null;
      const tokenHash = hashToken(token);
      // Kept as first read (an unknown token stays unknown: tokens are random and never reused); judged against now.
      const session = await cache.get(tokenHash, () => resolveSessionByHash(deps.db, tokenHash, now));
      return session && session.expiresAt > now ? session : null;
    },
    ended,
    /** Every process: forget the sessions the bus says have ended. Resolves once listening; returns the stop. */
    follow: () =>
      deps.bus.subscribe(busChannels.events, (message) => {
        let e: RelayedEvent;
        try {
          e = JSON.parse(message) as RelayedEvent;
        } catch {
          return;
        }
        if (e.type !== 'session.ended') return;
        const tokenHash = e.payload.tokenHash;
        ended(e.memberId, typeof tokenHash === 'string' ? tokenHash : null);
      }),
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;

/**
 * DESIGN "API conventions": the token alone authenticates; the account header must match it.
 * The is-admin header is never read: staff rights come from the stored role.
 */
export function makeAuthenticate(sessions: SessionCache, clock: Clock) {
  return async (req: FastifyRequest): Promise<Principal | null> => {
    const token = header(req, 'token');
    if (!token) return null;
    const principal = await sessions.resolve(token, clock.now());
    if (!principal) return null;
    if (header(req, 'account') !== principal.account) throw refuse(errorKeys.auth.accountMismatch);
    return principal;
  };
}
