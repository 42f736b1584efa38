import type { FastifyRequest } from 'fastify';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { resolveSession } from './session.service.ts';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};

/**
 * DESIGN "API conventions": the token alone authenticates; the account header must match it.
 * The is-admin header is never read: staff rights come from the stored role.
 */
export function makeAuthenticate(db: Database, clock: Clock) {
  return async (req: FastifyRequest): Promise<Principal | null> => {
    const token = header(req, 'token');
    if (!token) return null;
    const principal = await resolveSession(db, token, clock.now());
    if (!principal) return null;
    if (header(req, 'account') !== principal.account) throw refuse(errorKeys.auth.accountMismatch);
    return principal;
  };
}
