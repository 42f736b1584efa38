import type { Sql } from '@kabuto/db/database';

export type RealNameStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/**
 * The members table belongs to accounts: verification changes a member's real-name status (and,
 * once verified, the name cards must match) only through here, inside its own transaction.
 */
export async function setRealNameStatus(
  tx: Sql,
  memberId: string,
  status: Exclude<RealNameStatus, 'unverified'>,
  verifiedName?: string,
): Promise<void> {
  if (status === 'verified') {
    await tx.query(`UPDATE members SET real_name_status = 'verified', real_name = $2 WHERE id = $1`, [
      memberId,
      verifiedName ?? null,
    ]);
    return;
  }
  await tx.query(`UPDATE members SET real_name_status = $2 WHERE id = $1`, [memberId, status]);
}
