import type { Database, Sql } from '@kabuto/db/database';
import { afterClaimedFailure, claimAttempt, type AttemptState } from '@kabuto/domain/security/attempt-ladder';

/** A secret's attempt ladder as `members` stores it: its count and wait columns. */
export interface LadderColumns {
  failures: 'failed_logins' | 'fund_pin_failures' | 'channel_pw_failures';
  lockedUntil: 'locked_until' | 'fund_pin_locked_until' | 'channel_pw_locked_until';
}

export const signInLadder: LadderColumns = { failures: 'failed_logins', lockedUntil: 'locked_until' };
export const fundPinLadder: LadderColumns = { failures: 'fund_pin_failures', lockedUntil: 'fund_pin_locked_until' };
/** Issue 25: a block-trade product's channel password, per member across products (migration 023). */
export const channelPasswordLadder: LadderColumns = {
  failures: 'channel_pw_failures',
  lockedUntil: 'channel_pw_locked_until',
};

/** The member's ladder, row-locked for the transaction that changes it. */
async function storedLadder(tx: Sql, memberId: string, c: LadderColumns): Promise<AttemptState> {
  const [row] = await tx.query<{ failures: number; locked_until: Date | null }>(
    `SELECT ${c.failures} AS failures, ${c.lockedUntil} AS locked_until FROM members WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  return { failures: row?.failures ?? 0, lockedUntil: row?.locked_until ? new Date(row.locked_until) : null };
}

async function storeLadder(tx: Sql, memberId: string, c: LadderColumns, state: AttemptState): Promise<void> {
  await tx.query(`UPDATE members SET ${c.failures} = $2, ${c.lockedUntil} = $3 WHERE id = $1`, [
    memberId,
    state.failures,
    state.lockedUntil,
  ]);
}

/**
 * Counts an attempt before the (slow) hash check, so simultaneous guesses cannot slip past the count (issue 6 §1 for
 * the fund PIN, issue 18 for sign-in): the attempt's number, or null while a wait or lock runs. The attempt that
 * reaches the lock threshold sets the lock as it is counted.
 */
export async function claimSecretAttempt(
  db: Database,
  memberId: string,
  c: LadderColumns,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const claim = claimAttempt(await storedLadder(tx, memberId, c), now);
    if (claim) await storeLadder(tx, memberId, c, claim.next);
    return claim?.attempt ?? null;
  });
}

/**
 * The claimed attempt `attempt` was wrong: its wait or lock is stored, never clearing or shortening one another attempt
 * started meanwhile (`afterClaimedFailure`). True when the secret is now locked.
 */
export async function recordWrongSecret(
  db: Database,
  memberId: string,
  c: LadderColumns,
  attempt: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const next = afterClaimedFailure(attempt, await storedLadder(tx, memberId, c), now);
    await storeLadder(tx, memberId, c, next);
    return next.locked;
  });
}
