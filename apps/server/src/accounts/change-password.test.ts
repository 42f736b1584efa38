import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

describeEachDatabase('change password', (h) => {
  const change = (
    headers: Record<string, string>,
    oldPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ) => h().call('user/changePassword', { oldPassword, newPassword, confirmPassword }, headers);
  const login = (account: string, password: string) => h().call('user/login', { account, password, agree: true });
  const passwordHash = async (account: string) =>
    (
      await h().db.query<{ password_hash: string }>(`SELECT password_hash FROM members WHERE account = $1`, [account])
    )[0]?.password_hash;

  it('refuses a wrong old password and changes nothing', async () => {
    const m = await h().member();
    const before = await passwordHash(m.account);
    expect(await change(m.headers, 'wrong9999', 'newpass123')).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.password.originalWrong,
      data: null,
    });
    expect(await passwordHash(m.account)).toBe(before);
    expect(await h().call('user/info', {}, m.headers)).toMatchObject({ status: 1 });
  });

  it('refuses a confirmation that differs', async () => {
    const m = await h().member();
    expect(await change(m.headers, m.password, 'newpass123', 'newpass124')).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.password.mismatch,
    });
  });

  it.each([
    ['too short', 'abc123', errorKeys.password.format],
    ['letters only', 'abcdefghij', errorKeys.password.format],
    ['with a symbol', 'abcd-1234', errorKeys.password.format],
    ['empty', '', errorKeys.account.passwordEmpty],
  ])('refuses a new password that is %s', async (_name, newPassword, key) => {
    const m = await h().member();
    expect(await change(m.headers, m.password, newPassword)).toMatchObject({ http: 400, status: 0, msg: key });
  });

  it('refuses the same password as the old one', async () => {
    const m = await h().member();
    expect(await change(m.headers, m.password, m.password)).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.password.sameAsOld,
    });
  });

  it('ends every session of the member; the new password signs in and the old one does not', async () => {
    const m = await h().member();
    const second = await h().signIn(m.account, m.password);
    const other = await h().member();
    expect(await change(m.headers, m.password, 'newpass123')).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.changed',
      data: null,
    });
    expect(await h().call('user/info', {}, m.headers)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await h().call('user/info', {}, second)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await h().call('user/info', {}, other.headers)).toMatchObject({ http: 200, status: 1 });
    expect(await login(m.account, m.password)).toMatchObject({ http: 400, msg: errorKeys.account.wrongCredentials });
    expect(await login(m.account, 'newpass123')).toMatchObject({ http: 200, status: 1 });
    expect(await passwordHash(m.account)).toMatch(/^\$argon2id\$/);
  });

  it('needs a session', async () => {
    expect(await change({}, 'abcd1234', 'newpass123')).toMatchObject({ http: 401, msg: errorKeys.auth.required });
  });

  it('records a staff member’s change in the audit log', async () => {
    const staff = await h().member();
    await h().db.query(`UPDATE members SET staff_role = 'support' WHERE account = $1`, [staff.account]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    await h().staffCodes.enrol(staff.headers);
    const res = await change(staff.headers, staff.password, 'newpass123');
    expect(res.status).toBe(1);
    const rows = await h().db.query<{ action: string; actor_role: string; target: string; request_id: string }>(
      `SELECT a.action, a.actor_role, a.target, a.request_id FROM audit_log a JOIN members m ON m.id = a.actor_id WHERE m.account = $1`,
      [staff.account],
    );
    expect(rows).toEqual([
      {
        action: 'staff.changePassword',
        actor_role: 'support',
        target: staff.account,
        request_id: res.headers['x-request-id'],
      },
    ]);
  });
});
