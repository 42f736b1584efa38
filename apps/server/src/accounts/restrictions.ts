import type { Sql } from '@kabuto/db/database';
import type { Fact } from '@kabuto/db/facts';
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

/**
 * Many members at once, as a fact read inside the transaction that acts for them (issue 24: the orders' batch, with
 * the stocks' statuses in the same round trip): each restricted member's refusal key, the first of `kinds` in their
 * order that is active.
 */
export function restrictionFact(
  memberIds: readonly string[],
  kinds: readonly RestrictionKind[],
): Fact<Map<string, ErrorKey>> {
  return {
    sql: `SELECT coalesce(json_agg(json_build_array(member_id, kind)), '[]'::json) FROM member_restrictions
           WHERE member_id = ANY($1::uuid[]) AND lifted_at IS NULL AND kind = ANY($2::text[])`,
    params: [[...new Set(memberIds)], [...kinds]],
    read: (json) => {
      const rows = (json ?? []) as [string, RestrictionKind][];
      const refusals = new Map<string, ErrorKey>();
      for (const kind of kinds)
        for (const [member, k] of rows) if (k === kind && !refusals.has(member)) refusals.set(member, keys[kind]);
      return refusals;
    },
  };
}
