import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount } from '../test/harness.ts';

interface LoginData {
  token: string;
  account: string;
  is_admin: 0 | 1;
  role: string | null;
  expiresAt: string;
}

const hour = 3_600_000;

describeEachDatabase('sign in', (h) => {
  const login = (body: Record<string, unknown>) => h().call<LoginData>('user/login', { agree: true, ...body });

  it('answers a 256-bit token, the account and is_admin 0 for a member', async () => {
    const m = await h().member();
    const res = await login({ account: m.account, password: m.password });
    expect(res).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.login',
      data: { account: m.account, is_admin: 0, role: null },
    });
    // 32 random bytes in base64url are 43 characters.
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('answers is_admin 1 and the stored role for the seeded staff account', async () => {
    const res = await login({ account: h().seed.staffAccount, password: h().seed.staffPassword });
    expect(res).toMatchObject({
      http: 200,
      status: 1,
      data: { account: h().seed.staffAccount, is_admin: 1, role: 'admin' },
    });
  });

  it('gives every sign-in its own token', async () => {
    const m = await h().member();
    const a = await login({ account: m.account, password: m.password });
    const b = await login({ account: m.account, password: m.password });
    expect(a.data.token).not.toBe(b.data.token);
  });

  it('stores the token only as its SHA-256 hash', async () => {
    const m = await h().member();
    const { data } = await login({ account: m.account, password: m.password });
    const rows = await h().db.query<Record<string, unknown>>(`SELECT * FROM sessions`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(data.token);
    }
    const hash = createHash('sha256').update(data.token).digest('hex');
    const [own] = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM sessions WHERE token_hash = $1`, [
      hash,
    ]);
    expect(own?.n).toBe('1');
  });

  it('makes a session last 12 hours, or 30 days with remember me', async () => {
    const m = await h().member();
    const now = h().clock.now().getTime();
    const short = await login({ account: m.account, password: m.password });
    const long = await login({ account: m.account, password: m.password, remember: true });
    expect(Date.parse(short.data.expiresAt)).toBe(now + 12 * hour);
    expect(Date.parse(long.data.expiresAt)).toBe(now + 30 * 24 * hour);
    const rows = await h().db.query<{ remember: boolean; expires_at: Date }>(
      `SELECT s.remember, s.expires_at FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.account = $1 ORDER BY s.expires_at`,
      [m.account],
    );
    // The first session is the one h().member() opened.
    expect(rows.slice(1).map((r) => [r.remember, new Date(r.expires_at).getTime()])).toEqual([
      [false, now + 12 * hour],
      [true, now + 30 * 24 * hour],
    ]);
  });

  it('refuses a wrong password with the wrong-credentials key', async () => {
    const m = await h().member();
    const res = await login({ account: m.account, password: 'wrong9999' });
    expect(res).toMatchObject({ http: 400, status: 0, msg: errorKeys.account.wrongCredentials, data: null });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await login({ account: nextAccount(), password: 'abcd1234' });
    expect(res).toMatchObject({ http: 400, status: 0, msg: errorKeys.account.wrongCredentials, data: null });
  });

  it.each([
    ['agree false', { agree: false }],
    ['agree missing', { agree: undefined }],
    ['agree as the string "true"', { agree: 'true' }],
  ])('refuses without consent to the terms (%s)', async (_name, over) => {
    const m = await h().member();
    const res = await h().call('user/login', { account: m.account, password: m.password, ...over });
    expect(res).toMatchObject({ http: 400, status: 0, msg: errorKeys.account.termsRequired });
  });

  it.each([
    ['an empty account', { account: '' }, errorKeys.account.accountEmpty],
    ['an empty password', { password: '' }, errorKeys.account.passwordEmpty],
  ])('refuses %s with its key', async (_name, over, key) => {
    const res = await login({ account: nextAccount(), password: 'abcd1234', ...over });
    expect(res).toMatchObject({ http: 400, status: 0, msg: key });
  });

  it('refuses a token sent with another account header', async () => {
    const a = await h().member();
    const b = await h().member();
    const res = await h().call('user/info', {}, { token: a.headers.token as string, account: b.account });
    expect(res).toMatchObject({ http: 401, status: 0, msg: errorKeys.auth.accountMismatch, data: null });
    const missing = await h().call('user/info', {}, { token: a.headers.token as string });
    expect(missing).toMatchObject({ http: 401, status: 0, msg: errorKeys.auth.accountMismatch });
  });

  it('asks for a sign-in when a member route gets no token or an unknown one', async () => {
    const m = await h().member();
    expect(await h().call('user/info', {}, { account: m.account })).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
    });
    const forged = { token: 'A'.repeat(43), account: m.account };
    expect(await h().call('user/info', {}, forged)).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
    });
  });

  it('lets the token alone open user/info for its own member', async () => {
    const m = await h().member();
    const res = await h().call<{ account: string; is_admin: number }>('user/info', {}, m.headers);
    expect(res).toMatchObject({ http: 200, status: 1, data: { account: m.account, is_admin: 0, role: null } });
  });
});
