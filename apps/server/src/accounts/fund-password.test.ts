import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

describeEachDatabase('fund password', (h) => {
  const set = (headers: Record<string, string>, loginPassword: string, password: string, confirmPassword = password) =>
    h().call('user/setFundPassword', { loginPassword, password, confirmPassword }, headers);
  const change = (
    headers: Record<string, string>,
    oldPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ) => h().call('user/changeFundPassword', { oldPassword, newPassword, confirmPassword }, headers);
  const stored = async (account: string) =>
    (
      await h().db.query<{ fund_password_hash: string | null }>(
        `SELECT fund_password_hash FROM members WHERE account = $1`,
        [account],
      )
    )[0]?.fund_password_hash;
  const hasFundPassword = async (headers: Record<string, string>) =>
    (await h().call<{ hasFundPassword: boolean }>('user/info', {}, headers)).data.hasFundPassword;

  it('is set with the right login password, stored as an argon2id hash, and shown in user/info', async () => {
    const m = await h().member();
    expect(await hasFundPassword(m.headers)).toBe(false);
    expect(await set(m.headers, m.password, '482913')).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.changed',
      data: null,
    });
    const hash = await stored(m.account);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('482913');
    expect(await hasFundPassword(m.headers)).toBe(true);
  });

  it('refuses a wrong login password and stores nothing', async () => {
    const m = await h().member();
    expect(await set(m.headers, 'wrong9999', '482913')).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.password.originalWrong,
    });
    expect(await stored(m.account)).toBeNull();
  });

  it.each([
    ['five digits', '12345', errorKeys.password.format],
    ['seven digits', '1234567', errorKeys.password.format],
    ['letters', 'abcdef', errorKeys.password.format],
    ['digits with a space', '12 456', errorKeys.password.format],
    ['empty', '', errorKeys.account.passwordEmpty],
  ])('refuses a PIN of %s', async (_name, pin, key) => {
    const m = await h().member();
    expect(await set(m.headers, m.password, pin)).toMatchObject({ http: 400, status: 0, msg: key });
    expect(await stored(m.account)).toBeNull();
  });

  it('refuses a confirmation that differs', async () => {
    const m = await h().member();
    expect(await set(m.headers, m.password, '482913', '482914')).toMatchObject({
      http: 400,
      msg: errorKeys.password.mismatch,
    });
  });

  it('cannot be set twice', async () => {
    const m = await h().member();
    expect((await set(m.headers, m.password, '482913')).status).toBe(1);
    const before = await stored(m.account);
    expect(await set(m.headers, m.password, '111111')).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.password.fundAlreadySet,
    });
    expect(await stored(m.account)).toBe(before);
  });

  it('lets only one of two simultaneous first settings through', async () => {
    const m = await h().member();
    const answers = await Promise.all([set(m.headers, m.password, '111111'), set(m.headers, m.password, '222222')]);
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409]);
  });

  it('cannot be changed before it is set', async () => {
    const m = await h().member();
    expect(await change(m.headers, '482913', '135790')).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.password.fundNotSet,
    });
  });

  it('refuses a change with the wrong old PIN, and changes with the right one', async () => {
    const m = await h().member();
    await set(m.headers, m.password, '482913');
    expect(await change(m.headers, '000000', '135790')).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.password.fundWrong,
    });
    expect(await change(m.headers, '482913', '135790', '135791')).toMatchObject({
      http: 400,
      msg: errorKeys.password.mismatch,
    });
    expect(await change(m.headers, '482913', '13579')).toMatchObject({ http: 400, msg: errorKeys.password.format });
    expect(await change(m.headers, '482913', '135790')).toMatchObject({ http: 200, status: 1, msg: 'success.changed' });
    const hash = await stored(m.account);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('135790');
    // The old PIN no longer works, the new one does.
    expect(await change(m.headers, '482913', '246802')).toMatchObject({ http: 400, msg: errorKeys.password.fundWrong });
    expect(await change(m.headers, '135790', '246802')).toMatchObject({ http: 200, status: 1 });
  });

  it('does not accept the login password as the old fund password', async () => {
    const m = await h().member();
    await set(m.headers, m.password, '482913');
    expect(await change(m.headers, m.password, '135790')).toMatchObject({
      http: 400,
      msg: errorKeys.password.fundWrong,
    });
  });

  it('needs a session', async () => {
    expect(await set({}, 'abcd1234', '482913')).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await change({}, '482913', '135790')).toMatchObject({ http: 401, msg: errorKeys.auth.required });
  });
});
