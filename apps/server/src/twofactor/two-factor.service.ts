import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  twoFactorEnableCall,
  twoFactorRecoveryCodesCall,
  twoFactorSetupCall,
  twoFactorStatusCall,
} from '@kabuto/contracts/security/two-factor';
import {
  challengeExpiry,
  formatRecoveryCode,
  recoveryAlphabet,
  totpRules,
} from '@kabuto/domain/security/two-factor-code';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import { recordAudit } from '../audit/public.ts';
import type { Clock } from '../clock.ts';
import { verifyLoginPassword } from '../accounts/public.ts';
import { checkCode, recoveryHash, totpOf, twoFactorOn } from './two-factor-code.ts';

export interface TwoFactorDeps {
  db: Database;
  clock: Clock;
}

const newRecoveryCode = (): string =>
  Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');

const challengeHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Ten new recovery codes replace the member's old ones (used or not), in the caller's transaction: one statement of
 * hashes. Answers them as shown to the member, once.
 */
async function replaceRecoveryCodes(tx: Sql, memberId: string): Promise<string[]> {
  const codes = Array.from({ length: totpRules.recoveryCodeCount }, newRecoveryCode);
  await tx.query(`DELETE FROM two_factor_recovery_codes WHERE member_id = $1`, [memberId]);
  await tx.query(
    `INSERT INTO two_factor_recovery_codes (member_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h`,
    [memberId, codes.map((c) => recoveryHash(memberId, c))],
  );
  return codes.map(formatRecoveryCode);
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

type TwoFactorStatus = ResponseOf<typeof twoFactorStatusCall>;

/** Whether a member has two-step sign-in on (or a secret pending), since when, and their recovery codes left. */
async function statusOf(sql: Sql, memberId: string): Promise<TwoFactorStatus> {
  const [row] = await sql.query<{ enabled_at: Date | null; left: number }>(
    `SELECT t.enabled_at, (SELECT count(*) FROM two_factor_recovery_codes r WHERE r.member_id = t.member_id AND r.used_at IS NULL)::int AS left
       FROM member_two_factor t WHERE t.member_id = $1`,
    [memberId],
  );
  return {
    enabled: Boolean(row?.enabled_at),
    pending: Boolean(row && !row.enabled_at),
    enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
    recoveryCodesLeft: row?.enabled_at ? row.left : 0,
  };
}

/**
 * Issue 27, the back office: a member who lost both their phone and their recovery codes cannot sign in; support,
 * having checked who they are, turns their two-step sign-in off (they turn it on again with a new secret). Staff see
 * the state, never the secret or a code; the reset is in the audit log with its reason. A staff account's is reset by
 * an admin only (it must turn it on again before any staff call works), and nobody resets their own.
 */
export function twoFactorAdminService({ db, clock }: TwoFactorDeps) {
  return {
    status: (memberId: string): Promise<TwoFactorStatus> => statusOf(db, memberId),

    async reset(staff: StaffPrincipal, body: { memberId: string; reason: string }, requestId: string): Promise<null> {
      if (body.memberId === staff.memberId) throw refuse(errorKeys.auth.forbidden);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [member] = await tx.query<{ account: string; role: string | null }>(
          `SELECT account, staff_role AS role FROM members WHERE id = $1`,
          [body.memberId],
        );
        if (!member) throw refuse(errorKeys.admin.memberNotFound);
        if (member.role !== null && staff.role !== 'admin') throw refuse(errorKeys.auth.forbidden);
        // The recovery codes go with it (ON DELETE CASCADE); a secret still pending is not "on" and is left alone.
        const off = await tx.query(
          `DELETE FROM member_two_factor WHERE member_id = $1 AND enabled_at IS NOT NULL RETURNING member_id`,
          [body.memberId],
        );
        if (off.length === 0) throw refuse(errorKeys.security.notOn);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'member.twoFactorReset',
            target: member.account,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return null;
    },
  };
}
export type TwoFactorAdminService = ReturnType<typeof twoFactorAdminService>;

export function twoFactorService({ db, clock }: TwoFactorDeps) {
  return {
    status: (p: Principal): Promise<TwoFactorStatus> => statusOf(db, p.memberId),

    /**
     * A new secret, pending until its first code confirms it; asking again replaces a pending one (a lost QR code),
     * keeping the attempt ladder. The secret is answered only here, before it is confirmed.
     */
    async setup(p: Principal): Promise<ResponseOf<typeof twoFactorSetupCall>> {
      const secret = new Secret({ size: 20 }).base32;
      const now = clock.now();
      const rows = await db.query(
        `INSERT INTO member_two_factor (member_id, secret, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at, last_step = NULL
           WHERE member_two_factor.enabled_at IS NULL
         RETURNING member_id`,
        [p.memberId, secret, now],
      );
      if (rows.length === 0) throw refuse(errorKeys.security.alreadyOn);
      const uri = totpOf(secret, p.account).toString();
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret: grouped(secret), uri, qrSvg };
    },

    /** The first code from the app confirms the pending secret: on, with ten new recovery codes shown once. */
    async enable(p: Principal, code: string): Promise<ResponseOf<typeof twoFactorEnableCall>> {
      const now = clock.now();
      await checkCode(db, p.memberId, code, now, 'confirmSetup');
      const recoveryCodes = await db.transaction(async (tx) => {
        const on = await tx.query(
          `UPDATE member_two_factor SET enabled_at = $2 WHERE member_id = $1 AND enabled_at IS NULL RETURNING member_id`,
          [p.memberId, now],
        );
        if (on.length === 0) throw refuse(errorKeys.security.alreadyOn);
        return replaceRecoveryCodes(tx, p.memberId);
      });
      return { recoveryCodes };
    },

    /**
     * New recovery codes (the old ones used up, or seen by someone else): a valid code (or a recovery code) first,
     * throttled as every code is, then the login password; the old codes stop working in the same transaction.
     */
    async renewRecoveryCodes(
      p: Principal,
      body: { code: string; loginPassword: string },
    ): Promise<ResponseOf<typeof twoFactorRecoveryCodesCall>> {
      await checkCode(db, p.memberId, body.code, clock.now(), 'on');
      if (!(await verifyLoginPassword(db, p.memberId, body.loginPassword))) {
        throw refuse(errorKeys.password.originalWrong);
      }
      const recoveryCodes = await db.transaction(async (tx) => {
        // Still on (not turned off by another tab in between): locked, so two renewals replace the codes one by one.
        const on = await tx.query(
          `SELECT member_id FROM member_two_factor WHERE member_id = $1 AND enabled_at IS NOT NULL FOR UPDATE`,
          [p.memberId],
        );
        if (on.length === 0) throw refuse(errorKeys.security.notOn);
        return replaceRecoveryCodes(tx, p.memberId);
      });
      return { recoveryCodes };
    },

    /**
     * Off: a valid code (or recovery code) first — throttled, so the password cannot be guessed faster than codes
     * come — then the login password. The secret and the recovery codes are deleted.
     */
    async disable(p: Principal, body: { code: string; loginPassword: string }): Promise<null> {
      // Staff accounts must use it (issue 27): theirs stays on.
      if (p.role) throw refuse(errorKeys.security.staffRequired);
      const now = clock.now();
      await checkCode(db, p.memberId, body.code, now, 'on');
      if (!(await verifyLoginPassword(db, p.memberId, body.loginPassword))) {
        throw refuse(errorKeys.password.originalWrong);
      }
      // The recovery codes go with it (ON DELETE CASCADE).
      await db.query(`DELETE FROM member_two_factor WHERE member_id = $1`, [p.memberId]);
      return null;
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;

/**
 * The sign-in's second step as the accounts module uses it (injected, so accounts does not import this module):
 * a right password with two-step sign-in on opens a challenge; the session comes once a code passes.
 */
export function signInSecondStep(db: Database) {
  return {
    isOn: (sql: Sql, memberId: string): Promise<boolean> => twoFactorOn(sql, memberId),

    async openChallenge(
      sql: Sql,
      memberId: string,
      remember: boolean,
      now: Date,
    ): Promise<{ challenge: string; expiresAt: Date }> {
      const challenge = randomBytes(32).toString('base64url');
      const expiresAt = challengeExpiry(now);
      await sql.query(
        `INSERT INTO sign_in_challenges (token_hash, member_id, remember, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [challengeHash(challenge), memberId, remember, now, expiresAt],
      );
      return { challenge, expiresAt };
    },

    /** The open challenge's member, or a refusal (unknown, used or expired: one key, so none can be told apart). */
    async challengeOf(challenge: string, now: Date): Promise<{ memberId: string; remember: boolean }> {
      const [row] = await db.query<{ member_id: string; remember: boolean }>(
        `SELECT member_id, remember FROM sign_in_challenges WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
        [challengeHash(challenge), now],
      );
      if (!row) throw refuse(errorKeys.security.challengeExpired);
      return { memberId: row.member_id, remember: row.remember };
    },

    checkCode: (memberId: string, code: string, now: Date): Promise<void> => checkCode(db, memberId, code, now, 'on'),

    /** Uses the challenge up with the session it gives (same transaction); false when another request took it. */
    async closeChallenge(sql: Sql, challenge: string, now: Date): Promise<boolean> {
      const rows = await sql.query(
        `UPDATE sign_in_challenges SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING token_hash`,
        [challengeHash(challenge), now],
      );
      return rows.length > 0;
    },
  };
}
export type SignInSecondStep = ReturnType<typeof signInSecondStep>;
