import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import { verifySecret } from './password-hash.ts';
import { claimSecretAttempt, fundPinLadder, recordWrongSecret } from './attempt-store.ts';

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
  const attempt = await claimSecretAttempt(db, memberId, fundPinLadder, now);
  if (attempt === null) throw refuse(errorKeys.password.fundLocked);
  if (await verifySecret(m.fund_password_hash, pin)) {
    await db.query(`UPDATE members SET fund_pin_failures = 0, fund_pin_locked_until = NULL WHERE id = $1`, [memberId]);
    return;
  }
  // Simultaneous attempts may have moved the row since this one was counted: the ladder is applied to this
  // attempt's own number, and a wait or lock another attempt started is never cleared or shortened here.
  const locked = await recordWrongSecret(db, memberId, fundPinLadder, attempt, now);
  throw refuse(locked ? errorKeys.password.fundLocked : errorKeys.password.fundWrong);
}
