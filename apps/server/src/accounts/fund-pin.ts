import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';
import { verifySecret } from './password-hash.ts';
import { channelPasswordLadder, claimSecretAttempt, fundPinLadder, recordWrongSecret } from './attempt-store.ts';

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

/**
 * Issue 25: a block-trade product's channel password, stored as argon2id and compared by argon2's constant-time verify,
 * gets the fund PIN's ladder (a wait from the 3rd wrong guess, a 15-minute lock at the 5th), per member across
 * products, counted before the hash check and reset by a right password.
 */
export async function checkChannelPassword(
  db: Database,
  memberId: string,
  stored: string,
  password: string,
  now: Date,
): Promise<void> {
  const attempt = await claimSecretAttempt(db, memberId, channelPasswordLadder, now);
  if (attempt === null) throw refuse(errorKeys.password.channelLocked);
  if (await verifySecret(stored, password)) {
    await db.query(`UPDATE members SET channel_pw_failures = 0, channel_pw_locked_until = NULL WHERE id = $1`, [
      memberId,
    ]);
    return;
  }
  const locked = await recordWrongSecret(db, memberId, channelPasswordLadder, attempt, now);
  throw refuse(locked ? errorKeys.password.channelLocked : errorKeys.password.channelWrong);
}
