import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import type { Principal, Route } from '../http/public.ts';
import { twoFactorOn } from './two-factor-code.ts';

/**
 * Issue 27 "Staff accounts must use it": every staff call is refused (`errors.security.staffRequired`, 403) until the
 * staff member has turned two-step sign-in on; sign-in itself and the member calls that turn it on stay open. The
 * check runs before the handler, so a refused call writes nothing.
 */
export function requireStaffTwoFactor(db: Database, routes: readonly Route[]): Route[] {
  return routes.map((r) => {
    if (r.policy.kind !== 'staff') return r;
    const handler: Route['handler'] = async (ctx) => {
      const principal = ctx.principal as Principal;
      if (!(await twoFactorOn(db, principal.memberId))) throw refuse(errorKeys.security.staffRequired);
      return r.handler(ctx);
    };
    return { ...r, handler };
  });
}
