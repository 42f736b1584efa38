import type { Database } from '@kabuto/db/database';
import { afterClaimedFailure, attemptLadder } from '@kabuto/domain/security/attempt-ladder';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import { verifySecret } from './password-hash.ts';

/**
 * Issue 6 §1: the six-digit fund PIN gets the sign-in ladder (a wait from the 3rd wrong PIN, a
 * 15-minute lock at the 5th), per member and stored, reset by a right PIN. Every call that checks
 * the PIN goes through here. The attempt is counted before the (slow) hash check, so parallel
 * guesses cannot slip past the count.
 */
export async function checkFundPin(db: Database, memberId: string, pin: string, now: Date): Promise<void> {
  const [m] = await db.query<{ fund_password_hash: string | null }>(`SELECT fund_password_hash FROM members WHERE id = $1`, [memberId]);
  if (!m?.fund_password_hash) throw refuse(errorKeys.password.fundNotSet);
  const claimed = await db.query<{ fund_pin_failures: number }>(
    `UPDATE members SET fund_pin_failures = fund_pin_failures + 1
      WHERE id = $1 AND (fund_pin_locked_until IS NULL OR fund_pin_locked_until <= $2) AND fund_pin_failures < $3 RETURNING fund_pin_failures`,
    [memberId, now, attemptLadder.lockAfter],
  );
  const attempt = claimed[0]?.fund_pin_failures;
  if (attempt === undefined) throw refuse(errorKeys.password.fundLocked);
  if (await verifySecret(m.fund_password_hash, pin)) {
    await db.query(`UPDATE members SET fund_pin_failures = 0, fund_pin_locked_until = NULL WHERE id = $1`, [memberId]);
    return;
  }
  const locked = await db.transaction(async (tx) => {
    const [cur] = await tx.query<{ fund_pin_failures: number; fund_pin_locked_until: Date | null }>(
      `SELECT fund_pin_failures, fund_pin_locked_until FROM members WHERE id = $1 FOR UPDATE`,
      [memberId],
    );
    // Simultaneous attempts may have moved the row since this one was claimed: the ladder is applied to this
    // attempt's own number, and a wait or lock another attempt started is never cleared or shortened here.
    const current = { failures: cur?.fund_pin_failures ?? 0, lockedUntil: cur?.fund_pin_locked_until ? new Date(cur.fund_pin_locked_until) : null };
    const next = afterClaimedFailure(attempt, current, now);
    await tx.query(`UPDATE members SET fund_pin_failures = $2, fund_pin_locked_until = $3 WHERE id = $1`, [memberId, next.failures, next.lockedUntil]);
    return next.locked;
  });
  throw refuse(locked ? errorKeys.password.fundLocked : errorKeys.password.fundWrong);
}
