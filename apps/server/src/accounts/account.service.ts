import { createHash, randomInt } from 'node:crypto';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RestrictionKind, StaffRole } from '@kabuto/contracts/fields';
import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { registerCall } from '@kabuto/contracts/user/register';
import type { loginCall, loginCodeCall } from '@kabuto/contracts/user/login';
import type { userInfoCall } from '@kabuto/contracts/user/info';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import type { SmsSender } from '../sms/public.ts';
import { recordAudit } from '../audit/public.ts';
import { createSession, endAllSessions, endSession } from '../auth/public.ts';
import { hashSecret, verifySecret } from './password-hash.ts';
import { newInviteCode, normaliseInviteCode } from './invite-code.ts';
import { attemptLadder } from '@kabuto/domain/security/attempt-ladder';
import { claimSecretAttempt, recordWrongSecret, signInLadder } from './attempt-store.ts';
import { checkFundPin } from './fund-pin.ts';
import { refuseIfRestricted } from './restrictions.ts';

export interface AccountDeps {
  db: Database;
  clock: Clock;
  sms: SmsSender;
  /** Ending sessions writes an event to the outbox: this tells the relay at once, so open sockets close now. */
  afterCommit?: () => void;
  /** After a commit that ended sessions: this process forgets them at once (others hear the event on the bus). */
  sessionsEnded?: (memberId: string, tokenHash: string | null) => void;
  /** Issue 27: the sign-in's second step (the twofactor module, injected so this module does not import it). */
  secondStep?: SignInSecondStep;
}

/** Issue 27: what the accounts module asks of two-step sign-in (apps/server/src/twofactor `signInSecondStep`). */
export interface SignInSecondStep {
  isOn(sql: Sql, memberId: string): Promise<boolean>;
  openChallenge(
    sql: Sql,
    memberId: string,
    remember: boolean,
    now: Date,
  ): Promise<{ challenge: string; expiresAt: Date }>;
  challengeOf(challenge: string, now: Date): Promise<{ memberId: string; remember: boolean }>;
  checkCode(memberId: string, code: string, now: Date): Promise<void>;
  closeChallenge(sql: Sql, challenge: string, now: Date): Promise<boolean>;
}

type SessionAnswer = ResponseOf<typeof loginCodeCall>;

interface MemberRow {
  id: string;
  account: string;
  password_hash: string;
  fund_password_hash: string | null;
  staff_role: StaffRole | null;
  staff_disabled_at: Date | null;
  failed_logins: number;
  locked_until: Date | null;
}

// SPEC §6: restrictions that stop a sign-in, in the order they are reported.
const signInBlocks: readonly RestrictionKind[] = ['disabled', 'login_banned'];

export const resetCodeRules = { validMinutes: 10, maxTries: 5 } as const;

const codeHash = (memberId: string, code: string): string =>
  createHash('sha256').update(`${memberId}:${code}`).digest('hex');
// A fixed argon2id hash so an unknown account costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

export function accountService({ db, clock, sms, afterCommit, sessionsEnded, secondStep }: AccountDeps) {
  /** The session a sign-in ends with (a staff sign-in is audited in the same transaction). */
  const openSession = async (
    tx: Sql,
    member: MemberRow,
    remember: boolean,
    now: Date,
    requestId: string,
  ): Promise<SessionAnswer> => {
    const session = await createSession(tx, member.id, remember, now);
    if (member.staff_role) {
      await recordAudit(
        tx,
        { actorId: member.id, actorRole: member.staff_role, action: 'staff.signIn', target: member.account, requestId },
        now,
      );
    }
    return {
      token: session.token,
      account: member.account,
      is_admin: member.staff_role ? 1 : 0,
      role: member.staff_role,
      expiresAt: session.expiresAt.toISOString(),
    };
  };

  const findByAccount = async (account: string): Promise<MemberRow | undefined> =>
    (
      await db.query<MemberRow>(
        `SELECT id, account, password_hash, fund_password_hash, staff_role, staff_disabled_at, failed_logins, locked_until FROM members WHERE account = $1`,
        [account],
      )
    )[0];
  const findById = async (id: string): Promise<MemberRow> => {
    const [row] = await db.query<MemberRow>(
      `SELECT id, account, password_hash, fund_password_hash, staff_role, staff_disabled_at, failed_logins, locked_until FROM members WHERE id = $1`,
      [id],
    );
    if (!row) throw refuse(errorKeys.account.notExist);
    return row;
  };

  return {
    async register(body: RequestOf<typeof registerCall> & { agree: true }): Promise<ResponseOf<typeof registerCall>> {
      const passwordHash = await hashSecret(body.password);
      const code = normaliseInviteCode(body.inviteCode);
      try {
        return await db.transaction(async (tx) => {
          if ((await tx.query(`SELECT 1 FROM members WHERE account = $1`, [body.account])).length > 0) {
            throw refuse(errorKeys.account.alreadyExists);
          }
          const [seeded] = await tx.query<{ code: string }>(`SELECT code FROM invitation_codes WHERE code = $1`, [
            code,
          ]);
          const [inviter] = seeded
            ? []
            : await tx.query<{ id: string }>(`SELECT id FROM members WHERE invite_code = $1`, [code]);
          if (!seeded && !inviter) throw refuse(errorKeys.account.inviterNotExist);
          await tx.query(
            `INSERT INTO members (account, password_hash, invite_code, inviter_id, invited_with, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [body.account, passwordHash, newInviteCode(), inviter?.id ?? null, code, clock.now()],
          );
          return { account: body.account };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(errorKeys.account.alreadyExists);
        throw err;
      }
    },

    async login(
      body: { account: string; password: string; remember: boolean },
      requestId: string,
    ): Promise<ResponseOf<typeof loginCall>> {
      const now = clock.now();
      const member = await findByAccount(body.account);
      if (!member) {
        decoyHash ??= hashSecret('decoy-password-1');
        await verifySecret(await decoyHash, body.password);
        throw refuse(errorKeys.account.wrongCredentials);
      }
      if (member.locked_until && new Date(member.locked_until) > now) throw refuse(errorKeys.account.locked);
      // Issue 18: the attempt is counted before the (slow) hash check, as the fund PIN's is, so simultaneous wrong
      // passwords cannot all be checked before the first failure is stored; a wait or lock refuses at once.
      const attempt = await claimSecretAttempt(db, member.id, signInLadder, now);
      if (attempt === null) throw refuse(errorKeys.account.locked);
      if (!(await verifySecret(member.password_hash, body.password))) {
        const locked = await recordWrongSecret(db, member.id, signInLadder, attempt, now);
        throw locked ? refuse(errorKeys.account.locked) : refuse(errorKeys.account.wrongCredentials);
      }
      // Issue 25: a disabled staff account stays out, told so only once the password is right.
      if (member.staff_disabled_at) throw refuse(errorKeys.staff.disabled);
      await refuseIfRestricted(db, member.id, signInBlocks);

      return db.transaction(async (tx) => {
        // A wait or lock started by a simultaneous wrong try still applies to this one; the lock this attempt set as
        // it was counted (the fifth) does not, as the password was right (no attempt is counted while it runs).
        const cleared = await tx.query(
          `UPDATE members SET failed_logins = 0, locked_until = NULL WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2 OR $3) RETURNING id`,
          [member.id, now, attempt >= attemptLadder.lockAfter],
        );
        if (cleared.length === 0) throw refuse(errorKeys.account.locked);
        // Issue 27: with two-step sign-in on, the right password opens a challenge; the session waits for the code.
        if (secondStep && (await secondStep.isOn(tx, member.id))) {
          const { challenge, expiresAt } = await secondStep.openChallenge(tx, member.id, body.remember, now);
          return { twoFactor: true as const, challenge, expiresAt: expiresAt.toISOString() };
        }
        return openSession(tx, member, body.remember, now, requestId);
      });
    },

    /**
     * Issue 27: the sign-in's second step. The code is checked (throttled, accepted once) before the session exists;
     * the account's state is read again, as a restriction or a disabling may have come since the password step.
     */
    async loginCode(body: { challenge: string; code: string }, requestId: string): Promise<SessionAnswer> {
      if (!secondStep) throw refuse(errorKeys.security.challengeExpired);
      const now = clock.now();
      const { memberId, remember } = await secondStep.challengeOf(body.challenge, now);
      await secondStep.checkCode(memberId, body.code, now);
      const member = await findById(memberId);
      if (member.staff_disabled_at) throw refuse(errorKeys.staff.disabled);
      await refuseIfRestricted(db, member.id, signInBlocks);
      return db.transaction(async (tx) => {
        if (!(await secondStep.closeChallenge(tx, body.challenge, now)))
          throw refuse(errorKeys.security.challengeExpired);
        return openSession(tx, member, remember, now, requestId);
      });
    },

    async logout(p: Principal): Promise<null> {
      await db.transaction((tx) => endSession(tx, p, clock.now()));
      sessionsEnded?.(p.memberId, p.tokenHash);
      afterCommit?.();
      return null;
    },

    async info(p: Principal): Promise<ResponseOf<typeof userInfoCall>> {
      const [m] = await db.query<{
        account: string;
        invite_code: string;
        real_name_status: 'unverified' | 'pending' | 'verified' | 'rejected';
        fund_password_hash: string | null;
        staff_role: StaffRole | null;
        created_at: Date;
      }>(
        `SELECT account, invite_code, real_name_status, fund_password_hash, staff_role, created_at FROM members WHERE id = $1`,
        [p.memberId],
      );
      if (!m) throw refuse(errorKeys.account.notExist);
      const restrictions = await db.query<{ kind: RestrictionKind; reason: string; set_at: Date }>(
        `SELECT kind, reason, set_at FROM member_restrictions WHERE member_id = $1 AND lifted_at IS NULL ORDER BY set_at`,
        [p.memberId],
      );
      return {
        account: m.account,
        inviteCode: m.invite_code,
        realNameStatus: m.real_name_status,
        hasFundPassword: m.fund_password_hash !== null,
        is_admin: m.staff_role ? 1 : 0,
        role: m.staff_role,
        restrictions: restrictions.map((r) => ({
          kind: r.kind,
          reason: r.reason,
          since: new Date(r.set_at).toISOString(),
        })),
        createdAt: new Date(m.created_at).toISOString(),
      };
    },

    async changePassword(
      p: Principal,
      body: { oldPassword: string; newPassword: string },
      requestId: string,
    ): Promise<null> {
      const member = await findById(p.memberId);
      if (!(await verifySecret(member.password_hash, body.oldPassword))) throw refuse(errorKeys.password.originalWrong);
      if (body.oldPassword === body.newPassword) throw refuse(errorKeys.password.sameAsOld);
      const passwordHash = await hashSecret(body.newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE members SET password_hash = $2 WHERE id = $1`, [member.id, passwordHash]);
        await endAllSessions(tx, member.id, now);
        if (member.staff_role) {
          await recordAudit(
            tx,
            {
              actorId: member.id,
              actorRole: member.staff_role,
              action: 'staff.changePassword',
              target: member.account,
              requestId,
            },
            now,
          );
        }
      });
      sessionsEnded?.(member.id, null);
      afterCommit?.();
      return null;
    },

    async setFundPassword(p: Principal, body: { loginPassword: string; password: string }): Promise<null> {
      const member = await findById(p.memberId);
      if (member.fund_password_hash) throw refuse(errorKeys.password.fundAlreadySet);
      if (!(await verifySecret(member.password_hash, body.loginPassword)))
        throw refuse(errorKeys.password.originalWrong);
      const fundHash = await hashSecret(body.password);
      // Only the first writer wins if two tabs set it at once.
      const updated = await db.query<{ id: string }>(
        `UPDATE members SET fund_password_hash = $2 WHERE id = $1 AND fund_password_hash IS NULL RETURNING id`,
        [member.id, fundHash],
      );
      if (updated.length === 0) throw refuse(errorKeys.password.fundAlreadySet);
      return null;
    },

    async changeFundPassword(p: Principal, body: { oldPassword: string; newPassword: string }): Promise<null> {
      const member = await findById(p.memberId);
      await checkFundPin(db, member.id, body.oldPassword, clock.now());
      await db.query(`UPDATE members SET fund_password_hash = $2 WHERE id = $1`, [
        member.id,
        await hashSecret(body.newPassword),
      ]);
      return null;
    },

    /** Answers the same whether or not the account exists, so it cannot be used to find members. */
    async sendResetCode(body: { account: string }): Promise<{ expiresInSeconds: number }> {
      const expiresInSeconds = resetCodeRules.validMinutes * 60;
      const member = await findByAccount(body.account);
      if (!member) return { expiresInSeconds };
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE password_reset_codes SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL`, [
          member.id,
          now,
        ]);
        await tx.query(
          `INSERT INTO password_reset_codes (member_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
          [member.id, codeHash(member.id, code), now, new Date(now.getTime() + expiresInSeconds * 1000)],
        );
      });
      await sms.send(
        member.account,
        `Kabuto: your password reset code is ${code}. It is valid for ${resetCodeRules.validMinutes} minutes.`,
      );
      return { expiresInSeconds };
    },

    async resetPassword(body: { account: string; code: string; password: string }): Promise<null> {
      const now = clock.now();
      const member = await findByAccount(body.account);
      if (!member) throw refuse(errorKeys.reset.codeInvalid);
      const [pending] = await db.query<{ id: string; code_hash: string; expires_at: Date; attempts: number }>(
        `SELECT id::text AS id, code_hash, expires_at, attempts FROM password_reset_codes WHERE member_id = $1 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1`,
        [member.id],
      );
      // No code requested answers like an unknown account: this call must not reveal who is a member.
      if (!pending) throw refuse(errorKeys.reset.codeInvalid);
      if (new Date(pending.expires_at) <= now) throw refuse(errorKeys.reset.codeExpired);
      // Each try is claimed atomically, so simultaneous guesses cannot exceed the limit.
      const claimed = await db.query(
        `UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1 AND used_at IS NULL AND attempts < $2 RETURNING id`,
        [pending.id, resetCodeRules.maxTries],
      );
      if (claimed.length === 0) throw refuse(errorKeys.reset.codeExpired);
      if (pending.code_hash !== codeHash(member.id, body.code)) throw refuse(errorKeys.reset.codeInvalid);
      const passwordHash = await hashSecret(body.password);
      await db.transaction(async (tx) => {
        const used = await tx.query(
          `UPDATE password_reset_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id`,
          [pending.id, now],
        );
        if (used.length === 0) throw refuse(errorKeys.reset.codeExpired);
        await tx.query(`UPDATE members SET password_hash = $2, failed_logins = 0, locked_until = NULL WHERE id = $1`, [
          member.id,
          passwordHash,
        ]);
        await endAllSessions(tx, member.id, now);
      });
      sessionsEnded?.(member.id, null);
      afterCommit?.();
      return null;
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
