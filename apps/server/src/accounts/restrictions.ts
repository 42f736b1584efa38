import type { Sql } from '@kabuto/db/database';
import type { RestrictionKind } from '@kabuto/contracts/fields';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';

const keys: Record<RestrictionKind, ErrorKey> = {
  frozen: errorKeys.restriction.frozen,
  login_banned: errorKeys.restriction.loginBanned,
  disabled: errorKeys.restriction.disabled,
  no_trading: errorKeys.restriction.noTrading,
  no_withdrawal: errorKeys.restriction.noWithdrawal,
};

/** SPEC §6: refuses when any of the given restrictions is active on the member. */
export async function refuseIfRestricted(sql: Sql, memberId: string, kinds: readonly RestrictionKind[]): Promise<void> {
  const rows = await sql.query<{ kind: RestrictionKind }>(
    `SELECT kind FROM member_restrictions WHERE member_id = $1 AND lifted_at IS NULL AND kind = ANY($2::text[])`,
    [memberId, [...kinds]],
  );
  const first = kinds.find((k) => rows.some((r) => r.kind === k));
  if (first) throw refuse(keys[first]);
}
