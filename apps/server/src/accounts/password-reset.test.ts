import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount } from '../test/harness.ts';

const second = 1000;
const minute = 60_000;

describeEachDatabase('password reset', (h) => {
  const sendCode = (account: string) => h().call<{ expiresInSeconds: number }>('user/sendResetCode', { account });
  const reset = (account: string, code: string, password = 'fresh12345', confirmPassword = password) =>
    h().call('user/resetPassword', { account, code, password, confirmPassword });
  const login = (account: string, password: string) => h().call('user/login', { account, password, agree: true });
  /** A six-digit code that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeExpired = { http: 400, status: 0, msg: errorKeys.reset.codeExpired, data: null };
  const codeInvalid = { http: 400, status: 0, msg: errorKeys.reset.codeInvalid, data: null };

  it('sends a six-digit code by SMS to the account’s number, valid 10 minutes', async () => {
    const m = await h().member();
    const before = h().sms.sent.length;
    expect(await sendCode(m.account)).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.codeSent',
      data: { expiresInSeconds: 600 },
    });
    expect(h().sms.sent.length).toBe(before + 1);
    expect(h().sms.sent.at(-1)?.to).toBe(m.account);
    expect(h().sms.lastCodeFor(m.account)).toMatch(/^\d{6}$/);
  });

  it('stores the code only as a hash', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const code = h().sms.lastCodeFor(m.account);
    const rows = await h().db.query<Record<string, unknown>>(
      `SELECT r.* FROM password_reset_codes r JOIN members m ON m.id = r.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0] ?? {})) expect(String(value)).not.toBe(code);
  });

  it('sets the new password, ends every session and clears a sign-in lock', async () => {
    const m = await h().member();
    const other = await h().signIn(m.account, m.password);
    for (let i = 0; i < 5; i++) await login(m.account, 'wrong9999');
    expect(await login(m.account, m.password)).toMatchObject({ http: 429, msg: errorKeys.account.locked });
    await sendCode(m.account);
    expect(await reset(m.account, h().sms.lastCodeFor(m.account))).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.changed',
      data: null,
    });
    expect(await h().call('user/info', {}, m.headers)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await h().call('user/info', {}, other)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await login(m.account, m.password)).toMatchObject({ http: 400, msg: errorKeys.account.wrongCredentials });
    expect(await login(m.account, 'fresh12345')).toMatchObject({ http: 200, status: 1 });
  });

  it('accepts a code once only', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const code = h().sms.lastCodeFor(m.account);
    expect((await reset(m.account, code)).status).toBe(1);
    expect(await reset(m.account, code, 'again12345')).toMatchObject(codeInvalid);
    expect(await login(m.account, 'fresh12345')).toMatchObject({ status: 1 });
  });

  it('accepts the code until its tenth minute ends', async () => {
    const m = await h().member();
    await sendCode(m.account);
    h().clock.advance(10 * minute - second);
    expect(await reset(m.account, h().sms.lastCodeFor(m.account))).toMatchObject({ http: 200, status: 1 });
  });

  it('refuses the code 10 minutes and 1 second after it was sent', async () => {
    const m = await h().member();
    await sendCode(m.account);
    h().clock.advance(10 * minute + second);
    expect(await reset(m.account, h().sms.lastCodeFor(m.account))).toMatchObject(codeExpired);
    expect(await login(m.account, m.password)).toMatchObject({ status: 1 });
  });

  it('refuses even the right code after five wrong tries', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const code = h().sms.lastCodeFor(m.account);
    for (let i = 0; i < 5; i++) expect(await reset(m.account, otherThan(code))).toMatchObject(codeInvalid);
    expect(await reset(m.account, code)).toMatchObject(codeExpired);
    expect(await login(m.account, m.password)).toMatchObject({ status: 1 });
  });

  it('accepts the right code on the fifth try', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const code = h().sms.lastCodeFor(m.account);
    for (let i = 0; i < 4; i++) await reset(m.account, otherThan(code));
    expect(await reset(m.account, code)).toMatchObject({ http: 200, status: 1 });
  });

  it('counts simultaneous wrong tries: no more than five are ever checked', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const code = h().sms.lastCodeFor(m.account);
    const answers = await Promise.all(Array.from({ length: 8 }, () => reset(m.account, otherThan(code))));
    expect(answers.filter((a) => a.msg === errorKeys.reset.codeInvalid)).toHaveLength(5);
    expect(answers.filter((a) => a.msg === errorKeys.reset.codeExpired)).toHaveLength(3);
    expect(await reset(m.account, code)).toMatchObject(codeExpired);
  });

  it('makes a new code replace the previous one', async () => {
    const m = await h().member();
    await sendCode(m.account);
    const first = h().sms.lastCodeFor(m.account);
    await sendCode(m.account);
    const latest = h().sms.lastCodeFor(m.account);
    if (first !== latest) expect(await reset(m.account, first)).toMatchObject(codeInvalid);
    expect(await reset(m.account, latest)).toMatchObject({ http: 200, status: 1 });
    const [open] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM password_reset_codes r JOIN members m ON m.id = r.member_id WHERE m.account = $1 AND r.used_at IS NULL`,
      [m.account],
    );
    expect(open?.n).toBe('0');
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const known = await h().member();
    const unknown = nextAccount();
    const before = h().sms.sent.length;
    const a = await sendCode(known.account);
    const b = await sendCode(unknown);
    expect({ http: b.http, status: b.status, msg: b.msg, data: b.data }).toEqual({
      http: a.http,
      status: a.status,
      msg: a.msg,
      data: a.data,
    });
    expect(h().sms.sent.length).toBe(before + 1);
    expect(h().sms.sent.some((s) => s.to === unknown)).toBe(false);
  });

  it('answers a code for an unknown account like a code never requested by a known one', async () => {
    const known = await h().member();
    const a = await reset(known.account, '123456');
    const b = await reset(nextAccount(), '123456');
    expect(a).toMatchObject(codeInvalid);
    expect(b).toMatchObject(codeInvalid);
  });

  it.each([
    ['a five-digit code', { code: '12345' }, errorKeys.reset.codeInvalid],
    ['a weak new password', { password: 'short1', confirmPassword: 'short1' }, errorKeys.password.format],
    ['a confirmation that differs', { confirmPassword: 'fresh12346' }, errorKeys.password.mismatch],
    ['a malformed account', { account: '12345' }, errorKeys.account.accountFormat],
  ])('refuses %s before looking at the code', async (_name, over, key) => {
    const m = await h().member();
    await sendCode(m.account);
    const body = {
      account: m.account,
      code: h().sms.lastCodeFor(m.account),
      password: 'fresh12345',
      confirmPassword: 'fresh12345',
      ...over,
    };
    expect(await h().call('user/resetPassword', body)).toMatchObject({ http: 400, status: 0, msg: key });
    // The refusal did not use up a try: the right code still works.
    expect(await reset(m.account, h().sms.lastCodeFor(m.account))).toMatchObject({ status: 1 });
  });
});
