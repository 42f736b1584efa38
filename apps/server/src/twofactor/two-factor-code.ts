import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import { afterClaimedFailure, claimAttempt, type AttemptState } from '@kabuto/domain/security/attempt-ladder';
import { readCode, stepIsFresh, timeStepOf, totpRules, type ReadCode } from '@kabuto/domain/security/two-factor-code';
import { refuse } from '../errors/public.ts';

/** The TOTP of a stored base32 secret, as authenticator apps read the QR code (RFC 6238 defaults). */
export const totpOf = (secret: string, account: string): TOTP =>
  new TOTP({
    issuer: 'Kabuto',
    label: account,
    algorithm: 'SHA1',
    digits: totpRules.digits,
    period: totpRules.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** Recovery codes are random (50 bits), so a salted SHA-256 is enough; the member id is the salt. */
export const recoveryHash = (memberId: string, code: string): string =>
  createHash('sha256').update(`${memberId}:${code}`).digest('hex');

interface FactorRow {
  secret: string;
  enabled_at: Date | null;
  last_step: string | null;
  failures: number;
  locked_until: Date | null;
}

/** Reads what was typed, or refuses with the format key before anything is counted or written. */
export function readOrRefuse(input: string): ReadCode {
  const read = readCode(input);
  if (!read) throw refuse(errorKeys.security.codeFormat);
  return read;
}

/**
 * Counts an attempt before the check (the fund PIN's ladder, issue 6 §1), in its own transaction, so parallel guesses
 * cannot slip past the count: the attempt's number, or null while a wait or lock runs.
 */
async function claim(db: Database, memberId: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ failures: number; locked_until: Date | null }>(
      `SELECT failures, locked_until FROM member_two_factor WHERE member_id = $1 FOR UPDATE`,
      [memberId],
    );
    if (!row) return null;
    const state: AttemptState = {
      failures: row.failures,
      lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
    };
    const claimed = claimAttempt(state, now);
    if (!claimed) return null;
    await tx.query(`UPDATE member_two_factor SET failures = $2, locked_until = $3 WHERE member_id = $1`, [
      memberId,
      claimed.next.failures,
      claimed.next.lockedUntil,
    ]);
    return claimed.attempt;
  });
}

/** The claimed attempt was wrong: its wait or lock is stored (never shortening another's); true when now locked. */
async function recordWrong(db: Database, memberId: string, attempt: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ failures: number; locked_until: Date | null }>(
      `SELECT failures, locked_until FROM member_two_factor WHERE member_id = $1 FOR UPDATE`,
      [memberId],
    );
    if (!row) return false;
    const next = afterClaimedFailure(
      attempt,
      { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null },
      now,
    );
    await tx.query(`UPDATE member_two_factor SET failures = $2, locked_until = $3 WHERE member_id = $1`, [
      memberId,
      next.failures,
      next.lockedUntil,
    ]);
    return next.locked;
  });
}

/** Accepts a TOTP code's step once (same or earlier: a replay), atomically against a simultaneous use of the code. */
async function acceptStep(sql: Sql, memberId: string, step: number): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE member_two_factor SET last_step = $2, failures = 0, locked_until = NULL
      WHERE member_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING member_id`,
    [memberId, step],
  );
  return rows.length > 0;
}

async function useRecoveryCode(sql: Sql, memberId: string, code: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE two_factor_recovery_codes SET used_at = $3 WHERE member_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING member_id`,
    [memberId, recoveryHash(memberId, code), now],
  );
  if (rows.length === 0) return false;
  await sql.query(`UPDATE member_two_factor SET failures = 0, locked_until = NULL WHERE member_id = $1`, [memberId]);
  return true;
}

export type CodeUse = 'on' | 'confirmSetup';

/**
 * Issue 27: checks a code for the member — throttled like the fund PIN (counted before checking), a TOTP code accepted
 * once (its time step stored; that step or an earlier one refused as `codeUsed`), a recovery code used once. `use`:
 * `on` needs two-step sign-in on (a recovery code is accepted); `confirmSetup` checks the pending secret's first code.
 * Wrong: `errors.password.secretMismatch` (SPEC §8), or `errors.security.locked` once the ladder locks.
 */
export async function checkCode(
  db: Database,
  memberId: string,
  input: string,
  now: Date,
  use: CodeUse = 'on',
): Promise<void> {
  const read = readOrRefuse(input);
  const [row] = await db.query<FactorRow>(
    `SELECT secret, enabled_at, last_step::text AS last_step, failures, locked_until FROM member_two_factor WHERE member_id = $1`,
    [memberId],
  );
  if (!row) throw refuse(use === 'on' ? errorKeys.security.notOn : errorKeys.security.setupNotStarted);
  if (use === 'on' && !row.enabled_at) throw refuse(errorKeys.security.notOn);
  if (use === 'confirmSetup' && row.enabled_at) throw refuse(errorKeys.security.alreadyOn);
  const attempt = await claim(db, memberId, now);
  if (attempt === null) throw refuse(errorKeys.security.locked);
  let wrong: 'mismatch' | 'used' | null = null;
  if (read.kind === 'recovery') {
    if (use !== 'on' || !(await useRecoveryCode(db, memberId, read.code, now))) wrong = 'mismatch';
  } else {
    const delta = totpOf(row.secret, '').validate({
      token: read.code,
      timestamp: now.getTime(),
      window: totpRules.driftSteps,
    });
    if (delta === null) wrong = 'mismatch';
    else {
      const step = timeStepOf(now) + delta;
      const last = row.last_step === null ? null : Number(row.last_step);
      if (!stepIsFresh(step, last) || !(await acceptStep(db, memberId, step))) wrong = 'used';
    }
  }
  if (wrong === null) return;
  const locked = await recordWrong(db, memberId, attempt, now);
  if (locked) throw refuse(errorKeys.security.locked);
  throw refuse(wrong === 'used' ? errorKeys.security.codeUsed : errorKeys.password.secretMismatch);
}

/** Whether two-step sign-in is on for the member (confirmed, not merely pending). */
export async function twoFactorOn(sql: Sql, memberId: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM member_two_factor WHERE member_id = $1 AND enabled_at IS NOT NULL`, [
    memberId,
  ]);
  return rows.length > 0;
}

/**
 * Issue 27: a withdrawal or a bank-card change carries a code while two-step sign-in is on (none asked while off).
 * Checked before the change's own transaction: a code that passed is used up even if the change is then refused.
 */
export async function requireSecondFactor(
  db: Database,
  memberId: string,
  code: string | undefined,
  now: Date,
): Promise<void> {
  if (!(await twoFactorOn(db, memberId))) return;
  if (code === undefined || code === '') throw refuse(errorKeys.security.codeRequired);
  await checkCode(db, memberId, code, now, 'on');
}
