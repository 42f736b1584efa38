import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount } from '../test/harness.ts';

describeEachDatabase('register', (h) => {
  const body = (over: Record<string, unknown> = {}) => ({
    account: nextAccount(),
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
    inviteCode: h().seed.inviteCode,
    agree: true,
    ...over,
  });

  it('registers with the seeded invitation code and signs in', async () => {
    const b = body();
    const res = await h().call('user/register', b);
    expect(res).toMatchObject({ http: 200, status: 1, msg: 'success.register', data: { account: b.account } });
    const login = await h().call<{ token: string; is_admin: number }>('user/login', {
      account: b.account,
      password: b.password,
      agree: true,
    });
    expect(login.status).toBe(1);
    expect(login.data.is_admin).toBe(0);
    expect(login.data.token.length).toBeGreaterThanOrEqual(43);
  });

  it('accepts another member’s own code and records the inviter', async () => {
    const inviter = await h().member();
    const info = await h().call<{ inviteCode: string }>('user/info', {}, inviter.headers);
    const b = body({ inviteCode: info.data.inviteCode.toLowerCase() });
    expect((await h().call('user/register', b)).status).toBe(1);
    const [row] = await h().db.query<{ inviter: string }>(
      `SELECT i.account AS inviter FROM members m JOIN members i ON i.id = m.inviter_id WHERE m.account = $1`,
      [b.account],
    );
    expect(row?.inviter).toBe(inviter.account);
  });

  it.each([
    [
      'an existing account',
      async () => ({ account: (await h().member()).account }),
      409,
      errorKeys.account.alreadyExists,
    ],
    ['an unknown invitation code', async () => ({ inviteCode: 'NOSUCH99' }), 422, errorKeys.account.inviterNotExist],
    ['an empty account', async () => ({ account: '' }), 400, errorKeys.account.accountEmpty],
    [
      'an account with uppercase letters',
      async () => ({ account: '09012345AB' }),
      400,
      errorKeys.account.accountFormat,
    ],
    ['a nine-digit account', async () => ({ account: '090123456' }), 400, errorKeys.account.accountFormat],
    ['an empty password', async () => ({ password: '', confirmPassword: '' }), 400, errorKeys.account.passwordEmpty],
    [
      'a password without digits',
      async () => ({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }),
      400,
      errorKeys.password.format,
    ],
    [
      'a seven-character password',
      async () => ({ password: 'abc1234', confirmPassword: 'abc1234' }),
      400,
      errorKeys.password.format,
    ],
    ['passwords that differ', async () => ({ confirmPassword: 'abcd12345' }), 400, errorKeys.password.mismatch],
    ['no consent to the terms', async () => ({ agree: false }), 400, errorKeys.account.termsRequired],
  ])('refuses %s with its catalogued key', async (_name, over, http, key) => {
    const b = body(await over());
    const before = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM members`);
    const res = await h().call('user/register', b);
    expect(res).toMatchObject({ http, status: 0, msg: key, data: null });
    const after = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM members`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('lets exactly one of two simultaneous registrations of one account through', async () => {
    const b = body();
    const results = await Promise.all([h().call('user/register', b), h().call('user/register', b)]);
    expect(results.map((r) => r.status).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.status === 0)?.msg).toBe(errorKeys.account.alreadyExists);
  });
});
