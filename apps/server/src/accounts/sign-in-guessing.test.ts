import { expect, it, vi } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import type * as PasswordHash from './password-hash.ts';

// Every password check the sign-in makes, counted (the real argon2 check still answers).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password-hash.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordHash>();
  return {
    ...real,
    verifySecret: async (stored: string, secret: string) => {
      checks.count += 1;
      return real.verifySecret(stored, secret);
    },
  };
});

// Issue 18 (found while reviewing the fund PIN fix): sign-in checked the password before counting the attempt, so
// simultaneous wrong passwords were all checked before the first failure was stored.
describeEachDatabase('sign-in guessing', (h) => {
  it('lets at most five of twenty simultaneous wrong passwords be checked, and the lock stands after them', async () => {
    const m = await h().member();
    checks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h().call('user/login', { account: m.account, password: `wrong${String(1000 + i)}`, agree: true }),
      ),
    );
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.msg === errorKeys.account.wrongCredentials).length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.msg === errorKeys.account.locked).length).toBeGreaterThanOrEqual(16);
    for (const a of answers) expect([400, 429]).toContain(a.http);
    // The right password now waits for the lock like any other.
    expect(await h().call('user/login', { account: m.account, password: m.password, agree: true })).toMatchObject({
      http: 429,
      msg: errorKeys.account.locked,
    });
  });

  it('signs in with the right password given as the fifth attempt, which set the lock as it was counted', async () => {
    const m = await h().member();
    const second = 1000;
    for (let i = 0; i < 4; i++) {
      await h().call('user/login', { account: m.account, password: 'wrong9999', agree: true });
      h().clock.advance(61 * second);
    }
    expect(await h().call('user/login', { account: m.account, password: m.password, agree: true })).toMatchObject({
      http: 200,
      status: 1,
    });
    const [row] = await h().db.query<{ failed_logins: number; locked_until: Date | null }>(
      `SELECT failed_logins, locked_until FROM members WHERE account = $1`,
      [m.account],
    );
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
  });
});
