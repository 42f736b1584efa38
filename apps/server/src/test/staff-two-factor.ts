// Tests only: staff accounts must use two-step sign-in (issue 27), so the harness enrols them as a staff member would
// (set-up, then the first code from the app) and computes their codes with otpauth, as the app on their phone does.
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '@kabuto/db/database';
import { timeStepOf, totpRules } from '@kabuto/domain/security/two-factor-code';
import type { Answer, TestClock } from './harness.ts';

type Call = <T>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer<T>>;

interface Enrolled {
  totp: TOTP;
  lastStep: number;
  recoveryCodes: string[];
  /** The session of the last sign-in, given again while it is open: tests sign staff in before nearly every call. */
  token: string | null;
}

export function staffTwoFactor(call: Call, clock: TestClock, db: Database) {
  const enrolled = new Map<string, Enrolled>();
  const entry = (account: string): Enrolled => {
    const e = enrolled.get(account);
    if (!e) throw new Error(`${account} has two-step sign-in on but was not enrolled by the harness`);
    return e;
  };
  /**
   * A code of a step not used yet (a code is accepted once). When this account's last code was of the current step, a
   * recovery code stands in (the test clock stays put); once those run out the clock moves to the next step (≤ 30 s).
   */
  const nextCode = (account: string): string => {
    const e = entry(account);
    const step = timeStepOf(clock.now());
    if (step > e.lastStep) {
      e.lastStep = step;
      return e.totp.generate({ timestamp: clock.now().getTime() });
    }
    const recovery = e.recoveryCodes.shift();
    if (recovery) return recovery;
    clock.advance((e.lastStep + 1) * totpRules.periodSeconds * 1000 - clock.now().getTime());
    e.lastStep = timeStepOf(clock.now());
    return e.totp.generate({ timestamp: clock.now().getTime() });
  };
  return {
    nextCode,
    /** The secret's TOTP, for tests that compute codes themselves. */
    totpOf: (account: string): TOTP | undefined => enrolled.get(account)?.totp,
    /** The headers of this account's last sign-in while that session is still open (not ended, expired or disabled). */
    async openSession(account: string): Promise<{ token: string; account: string } | null> {
      const token = enrolled.get(account)?.token;
      if (!token) return null;
      const rows = await db.query(
        `SELECT 1 FROM sessions s JOIN members m ON m.id = s.member_id
          WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND m.staff_disabled_at IS NULL`,
        [createHash('sha256').update(token).digest('hex'), clock.now()],
      );
      return rows.length > 0 ? { token, account } : null;
    },
    async enrol(headers: Record<string, string>): Promise<void> {
      const { token, account } = headers;
      if (!token || !account) throw new Error('enrol needs signed-in headers');
      const setup = await call<{ secret: string }>('user/twoFactor/setup', {}, headers);
      if (setup.status !== 1) throw new Error(`two-factor set-up failed for ${account}: ${setup.msg}`);
      const secret = setup.data.secret.replace(/\s/g, '');
      const totp = new TOTP({
        secret: Secret.fromBase32(secret),
        digits: totpRules.digits,
        period: totpRules.periodSeconds,
      });
      // A session opened before the account was made staff is not given again (its principal may be cached as a member's).
      const e: Enrolled = { totp, lastStep: -1, recoveryCodes: [], token: null };
      enrolled.set(account, e);
      e.lastStep = timeStepOf(clock.now());
      const code = totp.generate({ timestamp: clock.now().getTime() });
      const on = await call<{ recoveryCodes: string[] }>('user/twoFactor/enable', { code }, headers);
      if (on.status !== 1) throw new Error(`two-factor confirm failed for ${account}: ${on.msg}`);
      e.recoveryCodes = [...on.data.recoveryCodes];
    },
    /** The session a staff sign-in opened, given again while open. */
    remember(account: string, token: string): void {
      entry(account).token = token;
    },
    async secondStep(account: string, challenge: string): Promise<{ token: string; account: string }> {
      const res = await call<{ token: string }>('user/login/code', { challenge, code: nextCode(account) });
      if (res.status !== 1) throw new Error(`sign-in code refused for ${account}: ${res.msg}`);
      entry(account).token = res.data.token;
      return { token: res.data.token, account };
    },
  };
}
