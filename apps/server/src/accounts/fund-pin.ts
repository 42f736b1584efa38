import type { Database, Sql } from '@kabuto/db/database';
import { afterClaimedFailure, claimAttempt } from '@kabuto/domain/security/attempt-ladder';
import type { AttemptState } from '@kabuto/domain/security/attempt-ladder';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import { verifySecret } from './password-hash.ts';

/** The member's ladder, row-locked for the transaction that changes it. */
async function storedLadder(tx: Sql, memberId: string): Promise<AttemptState> {
  const [row] = await tx.query<{ fund_pin_failures: number; fund_pin_locked_until: Date | null }>(
    `SELECT fund_pin_failures, fund_pin_locked_until FROM members WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  return {
    failures: row?.fund_pin_failures ?? 0,
    lockedUntil: row?.fund_pin_locked_until ? new Date(row.fund_pin_locked_until) : null,
  };
}

async function storeLadder(tx: Sql, memberId: string, state: AttemptState): Promise<void> {
  await tx.query(`UPDATE members SET fund_pin_failures = $2, fund_pin_locked_until = $3 WHERE id = $1`, [
    memberId,
    state.failures,
    state.lockedUntil,
  ]);
}

/**
 * Issue 6 §1: the six-digit fund PIN gets the sign-in ladder (a wait from the 3rd wrong PIN, a
 * 15-minute lock at the 5th), per member and stored, reset by a right PIN. Every call that checks
 * the PIN goes through here. The attempt is counted before the (slow) hash check, so parallel
 * guesses cannot slip past the count, and the fifth sets the lock as it is counted (`claimAttempt`).
 */
export async function checkFundPin(db: Database, memberId: string, pin: string, now: Date): Promise<void> {
  const [m] = await db.query<{ fund_password_hash: string | null }>(
    `SELECT fund_password_hash FROM members WHERE id = $1`,
    [memberId],
  );
  if (!m?.fund_password_hash) throw refuse(errorKeys.password.fundNotSet);
  const attempt = await db.transaction(async (tx) => {
    const claim = claimAttempt(await storedLadder(tx, memberId), now);
    if (claim) await storeLadder(tx, memberId, claim.next);
    return claim?.attempt;
  });
  if (attempt === undefined) throw refuse(errorKeys.password.fundLocked);
  if (await verifySecret(m.fund_password_hash, pin)) {
    await db.query(`UPDATE members SET fund_pin_failures = 0, fund_pin_locked_until = NULL WHERE id = $1`, [memberId]);
    return;
  }
  const locked = await db.transaction(async (tx) => {
    // Simultaneous attempts may have moved the row since this one was counted: the ladder is applied to this
    // attempt's own number, and a wait or lock another attempt started is never cleared or shortened here.
    const next = afterClaimedFailure(attempt, await storedLadder(tx, memberId), now);
    await storeLadder(tx, memberId, next);
    return next.locked;
  });
  throw refuse(locked ? errorKeys.password.fundLocked : errorKeys.password.fundWrong);
}
