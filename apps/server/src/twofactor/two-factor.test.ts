import { expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { balanceOf, fund, verifiedMember } from '../test/money-fixtures.ts';

interface Session {
  token: string;
}
type Challenge = { twoFactor: true; challenge: string; expiresAt: string };

/** Turns two-step sign-in on through the calls, as the security screen does: the app's TOTP and the recovery codes. */
async function turnOn(h: Harness, headers: Record<string, string>) {
  const setup = await h.call<{ secret: string; uri: string; qrSvg: string }>('user/twoFactor/setup', {}, headers);
  expect(setup).toMatchObject({ http: 200, status: 1 });
  const totp = new TOTP({ secret: Secret.fromBase32(setup.data.secret.replace(/\s/g, '')) });
  const on = await h.call<{ recoveryCodes: string[] }>(
    'user/twoFactor/enable',
    { code: totp.generate({ timestamp: h.clock.now().getTime() }) },
    headers,
  );
  expect(on).toMatchObject({ http: 200, status: 1 });
  return { totp, setup: setup.data, recoveryCodes: on.data.recoveryCodes };
}

const codeAt = (totp: TOTP, h: Harness): string => totp.generate({ timestamp: h.clock.now().getTime() });
const nextStep = (h: Harness): void => h.clock.advance(30_000);

describeEachDatabase('two-step sign-in (TOTP)', (h) => {
  const login = (account: string, password: string) =>
    h().call<Session | Challenge>('user/login', { account, password, agree: true });
  const challengeOf = async (account: string, password: string): Promise<string> => {
    const res = await login(account, password);
    expect(res.status).toBe(1);
    if (!('challenge' in res.data)) throw new Error('expected a challenge');
    return res.data.challenge;
  };
  const sessionCount = async (account: string): Promise<number> => {
    const [row] = await h().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.account = $1`,
      [account],
    );
    return row?.n ?? 0;
  };

  it('turns on with a QR code and a first code, gives ten recovery codes once, and never answers the secret again', async () => {
    const m = await h().member();
    const setup = await h().call<{ secret: string; uri: string; qrSvg: string }>('user/twoFactor/setup', {}, m.headers);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(setup.data.uri).toBe(
      `otpauth://totp/Kabuto:${m.account}?issuer=Kabuto&secret=${setup.data.secret.replace(/\s/g, '')}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.data.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toEqual({
      enabled: false,
      pending: true,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.data.secret.replace(/\s/g, '')) });
    const wrong = String((Number(codeAt(totp, h())) + 1) % 1_000_000).padStart(6, '0');
    expect(await h().call('user/twoFactor/enable', { code: wrong }, m.headers)).toMatchObject({
      http: 400,
      msg: errorKeys.password.secretMismatch,
    });
    const on = await h().call<{ recoveryCodes: string[] }>(
      'user/twoFactor/enable',
      { code: codeAt(totp, h()) },
      m.headers,
    );
    expect(on).toMatchObject({ http: 200, status: 1 });
    expect(on.data.recoveryCodes).toHaveLength(10);
    expect(new Set(on.data.recoveryCodes).size).toBe(10);
    for (const c of on.data.recoveryCodes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const status = await h().call('user/twoFactor/status', {}, m.headers);
    expect(status.data).toEqual({
      enabled: true,
      pending: false,
      enabledAt: h().clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    // The secret is never answered again: a new set-up is refused while on.
    expect(await h().call('user/twoFactor/setup', {}, m.headers)).toMatchObject({
      http: 409,
      msg: errorKeys.security.alreadyOn,
    });
    // Only hashes of the recovery codes are stored.
    const stored = await h().db.query<{ code_hash: string }>(
      `SELECT r.code_hash FROM two_factor_recovery_codes r JOIN members m ON m.id = r.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(stored).toHaveLength(10);
    for (const c of on.data.recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(c);
  });

  it('asks for the code after a right password and issues the session only once the code passes', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    const before = await sessionCount(m.account);
    const first = await login(m.account, m.password);
    expect(first).toMatchObject({ http: 200, status: 1, data: { twoFactor: true } });
    expect(first.data).not.toHaveProperty('token');
    expect(await sessionCount(m.account)).toBe(before);
    const challenge = (first.data as Challenge).challenge;
    // A wrong password still says only that.
    expect(await login(m.account, 'wrongpass1')).toMatchObject({ msg: errorKeys.account.wrongCredentials });
    expect(await h().call('user/login/code', { challenge, code: '000000' })).toMatchObject({
      http: 400,
      msg: errorKeys.password.secretMismatch,
    });
    expect(await sessionCount(m.account)).toBe(before);
    const ok = await h().call<Session>('user/login/code', { challenge, code: codeAt(totp, h()) });
    expect(ok).toMatchObject({ http: 200, status: 1, msg: 'success.login', data: { account: m.account, role: null } });
    expect(await sessionCount(m.account)).toBe(before + 1);
    const info = await h().call('user/info', {}, { token: ok.data.token, account: m.account });
    expect(info.status).toBe(1);
    // The challenge is used up with the session.
    expect(await h().call('user/login/code', { challenge, code: codeAt(totp, h()) })).toMatchObject({
      http: 400,
      msg: errorKeys.security.challengeExpired,
    });
  });

  it('refuses a code on replay — the same code again, or an earlier one inside the drift window', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    const code = codeAt(totp, h());
    const c1 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c1, code })).toMatchObject({ status: 1 });
    const c2 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c2, code })).toMatchObject({
      http: 400,
      msg: errorKeys.security.codeUsed,
    });
    // Ten seconds later the previous step's code is still inside the drift window, but older than the one used.
    h().clock.advance(10_000);
    const earlier = totp.generate({ timestamp: h().clock.now().getTime() - 30_000 });
    expect(await h().call('user/login/code', { challenge: c2, code: earlier })).toMatchObject({
      msg: errorKeys.security.codeUsed,
    });
    nextStep(h());
    expect(await h().call('user/login/code', { challenge: c2, code: codeAt(totp, h()) })).toMatchObject({ status: 1 });
  });

  it('accepts a code once when two sign-ins send it at the same moment', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    const code = codeAt(totp, h());
    const [a, b] = [await challengeOf(m.account, m.password), await challengeOf(m.account, m.password)];
    const answers = await Promise.all([
      h().call('user/login/code', { challenge: a, code }),
      h().call('user/login/code', { challenge: b, code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.status === 0)?.msg).toBe(errorKeys.security.codeUsed);
  });

  it('throttles wrong codes like the fund PIN: a wait from the 3rd, a 15-minute lock at the 5th, even for the right code', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    const challenge = await challengeOf(m.account, m.password);
    const wrong = (n: number) => String(n).padStart(6, '0');
    for (const n of [1, 2, 3]) {
      expect(await h().call('user/login/code', { challenge, code: wrong(n) })).toMatchObject({
        msg: errorKeys.password.secretMismatch,
      });
    }
    // The 3rd wrong code started a 30 s wait: the right code waits too, and is not used up.
    const right = codeAt(totp, h());
    expect(await h().call('user/login/code', { challenge, code: right })).toMatchObject({
      http: 429,
      msg: errorKeys.security.locked,
    });
    h().clock.advance(31_000);
    expect(await h().call('user/login/code', { challenge, code: wrong(4) })).toMatchObject({
      msg: errorKeys.password.secretMismatch,
    });
    h().clock.advance(61_000);
    expect(await h().call('user/login/code', { challenge, code: wrong(5) })).toMatchObject({
      http: 429,
      msg: errorKeys.security.locked,
    });
    // The challenge waits five minutes; a new one meets the lock until its 15 minutes are over.
    h().clock.advance(14 * 60_000);
    const during = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: during, code: codeAt(totp, h()) })).toMatchObject({
      msg: errorKeys.security.locked,
    });
    h().clock.advance(60_000);
    const fresh = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: fresh, code: codeAt(totp, h()) })).toMatchObject({
      status: 1,
    });
  });

  it('refuses codes of the wrong length, letters and other junk with a catalogued key, counting nothing', async () => {
    const m = await h().member();
    await turnOn(h(), m.headers);
    const challenge = await challengeOf(m.account, m.password);
    const cases: [unknown, string][] = [
      ['12345', errorKeys.security.codeFormat],
      ['1234567', errorKeys.security.codeFormat],
      ['12a456', errorKeys.security.codeFormat],
      ['abcdef', errorKeys.security.codeFormat],
      ['<script>', errorKeys.security.codeFormat],
      ['9'.repeat(100), errorKeys.security.codeFormat],
      ['', errorKeys.security.codeRequired],
      [123456, errorKeys.security.codeRequired],
      [null, errorKeys.security.codeRequired],
    ];
    for (const [code, key] of cases) {
      expect(await h().call('user/login/code', { challenge, code }), String(code)).toMatchObject({
        http: 400,
        status: 0,
        msg: key,
      });
    }
    expect(await h().call('user/login/code', { challenge: 'short', code: '123456' })).toMatchObject({
      http: 400,
      msg: errorKeys.security.challengeExpired,
    });
    const [row] = await h().db.query<{ failures: number }>(
      `SELECT t.failures FROM member_two_factor t JOIN members m ON m.id = t.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(row?.failures).toBe(0);
  });

  it('lets a recovery code stand in for a code once', async () => {
    const m = await h().member();
    const { recoveryCodes } = await turnOn(h(), m.headers);
    const recovery = recoveryCodes[3] as string;
    const c1 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c1, code: recovery.toLowerCase() })).toMatchObject({
      status: 1,
    });
    const c2 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c2, code: recovery })).toMatchObject({
      msg: errorKeys.password.secretMismatch,
    });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('lets a sign-in challenge wait five minutes, no longer', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    const challenge = await challengeOf(m.account, m.password);
    h().clock.advance(5 * 60_000 + 1);
    expect(await h().call('user/login/code', { challenge, code: codeAt(totp, h()) })).toMatchObject({
      msg: errorKeys.security.challengeExpired,
    });
  });

  it('renews the recovery codes with a code and the login password: the old ones stop working, the new ones work once', async () => {
    const m = await h().member();
    const renew = (body: Record<string, unknown>) =>
      h().call<{ recoveryCodes: string[] }>('user/twoFactor/recoveryCodes', body, m.headers);
    // Off: nothing to renew.
    expect(await renew({ code: '123456', loginPassword: m.password })).toMatchObject({ msg: errorKeys.security.notOn });
    const { totp, recoveryCodes: old } = await turnOn(h(), m.headers);
    nextStep(h());
    expect(await renew({ code: codeAt(totp, h()), loginPassword: 'wrongpass1' })).toMatchObject({
      http: 400,
      msg: errorKeys.password.originalWrong,
    });
    expect(await renew({ code: '000000', loginPassword: m.password })).toMatchObject({
      msg: errorKeys.password.secretMismatch,
    });
    expect(await renew({ code: 'abc', loginPassword: m.password })).toMatchObject({
      http: 400,
      msg: errorKeys.security.codeFormat,
    });
    nextStep(h());
    const renewed = await renew({ code: codeAt(totp, h()), loginPassword: m.password });
    expect(renewed).toMatchObject({ http: 200, status: 1 });
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    expect(renewed.data.recoveryCodes.filter((c) => old.includes(c))).toEqual([]);
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ recoveryCodesLeft: 10 });
    // An old code no longer signs in; a new one does, once.
    const c1 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c1, code: old[0] })).toMatchObject({
      msg: errorKeys.password.secretMismatch,
    });
    const c2 = await challengeOf(m.account, m.password);
    expect(await h().call('user/login/code', { challenge: c2, code: renewed.data.recoveryCodes[0] })).toMatchObject({
      status: 1,
    });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('lets support reset a member’s two-step sign-in with a reason, audited; others only read it; nobody their own', async () => {
    const withRole = async (role: string) => {
      const m = await h().member();
      await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
      await h().staffCodes.enrol(m.headers);
      return m;
    };
    const [support, auditor] = [await withRole('support'), await withRole('auditor')];
    const m = await h().member();
    const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    const memberId = row?.id as string;
    const reset = (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
      h().call('admin/members/twoFactorReset', body, who.headers);
    const reason = 'Lost phone and codes; identity checked by video call';

    expect(await reset(support, { memberId, reason })).toMatchObject({ msg: errorKeys.security.notOn });
    await turnOn(h(), m.headers);
    const seen = await h().call('admin/members/twoFactor', { memberId }, auditor.headers);
    expect(seen).toMatchObject({ http: 200, data: { enabled: true, recoveryCodesLeft: 10 } });
    expect(seen.data).not.toHaveProperty('secret');
    // An auditor reads, never resets; a reason is required; a member cannot call it at all.
    expect(await reset(auditor, { memberId, reason })).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
    expect(await reset(support, { memberId, reason: ' ' })).toMatchObject({
      http: 400,
      msg: errorKeys.admin.reasonRequired,
    });
    expect((await reset(m, { memberId, reason })).http).toBe(403);
    // Nobody resets their own.
    const [own] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [support.account]);
    expect(await reset(support, { memberId: own?.id, reason })).toMatchObject({ http: 403 });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ enabled: true });

    expect(await reset(support, { memberId, reason })).toMatchObject({ http: 200, status: 1 });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // The member signs in with the password alone again, and may turn it on anew.
    expect((await login(m.account, m.password)).data).toHaveProperty('token');
    const audit = await h().db.query<{ action: string; target: string; reason: string; actor_role: string }>(
      `SELECT action, target, reason, actor_role FROM audit_log WHERE action = 'member.twoFactorReset'`,
    );
    expect(audit).toEqual([{ action: 'member.twoFactorReset', target: m.account, reason, actor_role: 'support' }]);
  });

  it('turns off only with a valid code and the login password', async () => {
    const m = await h().member();
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    expect(
      await h().call('user/twoFactor/disable', { code: codeAt(totp, h()), loginPassword: 'wrongpass1' }, m.headers),
    ).toMatchObject({ http: 400, msg: errorKeys.password.originalWrong });
    nextStep(h());
    expect(
      await h().call('user/twoFactor/disable', { code: '000000', loginPassword: m.password }, m.headers),
    ).toMatchObject({ msg: errorKeys.password.secretMismatch });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ enabled: true });
    expect(
      await h().call('user/twoFactor/disable', { code: codeAt(totp, h()), loginPassword: m.password }, m.headers),
    ).toMatchObject({ http: 200, status: 1 });
    expect((await h().call('user/twoFactor/status', {}, m.headers)).data).toMatchObject({ enabled: false });
    expect((await login(m.account, m.password)).data).toHaveProperty('token');
  });

  it('asks every withdrawal and bank-card change for a code, writing nothing without a valid one', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '100000', m.staff);
    const { totp } = await turnOn(h(), m.headers);
    nextStep(h());
    const withdraw = (extra: Record<string, unknown>) =>
      h().call<{ status: string }>(
        'user/withdraw/create',
        { amount: '30000', fundPassword: m.pin, bankCardId: m.cardId, ...extra },
        m.headers,
      );
    const withdrawals = async () =>
      (
        await h().db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE m.account = $1`,
          [m.account],
        )
      )[0]?.n;
    expect(await withdraw({})).toMatchObject({ http: 400, msg: errorKeys.security.codeRequired });
    expect(await withdraw({ twoFactorCode: '12345' })).toMatchObject({ http: 400, msg: errorKeys.security.codeFormat });
    expect(await withdraw({ twoFactorCode: '000000' })).toMatchObject({ msg: errorKeys.password.secretMismatch });
    expect(await withdrawals()).toBe(0);
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '100000', frozen: '0' });
    const code = codeAt(totp, h());
    expect(await withdraw({ twoFactorCode: code })).toMatchObject({ status: 1, data: { status: 'pending' } });
    expect(await balanceOf(h(), m.headers)).toEqual({ available: '70000', frozen: '30000' });

    const card = {
      holderName: m.realName,
      bankName: 'MUFG Bank',
      branchName: 'Shibuya',
      branchCode: '135',
      cardNumber: '7654321',
      cardType: 'ordinary',
    };
    const cards = async () => (await h().call<unknown[]>('user/bankCards/list', {}, m.headers)).data.length;
    expect(await h().call('user/bankCards/add', card, m.headers)).toMatchObject({
      msg: errorKeys.security.codeRequired,
    });
    // The code the withdrawal used cannot add a card.
    expect(await h().call('user/bankCards/add', { ...card, twoFactorCode: code }, m.headers)).toMatchObject({
      msg: errorKeys.security.codeUsed,
    });
    expect(await cards()).toBe(1);
    nextStep(h());
    const added = await h().call<{ id: string }>(
      'user/bankCards/add',
      { ...card, twoFactorCode: codeAt(totp, h()) },
      m.headers,
    );
    expect(added).toMatchObject({ status: 1 });
    expect(await cards()).toBe(2);
    expect(await h().call('user/bankCards/remove', { id: added.data.id }, m.headers)).toMatchObject({
      msg: errorKeys.security.codeRequired,
    });
    nextStep(h());
    expect(
      await h().call('user/bankCards/remove', { id: added.data.id, twoFactorCode: codeAt(totp, h()) }, m.headers),
    ).toMatchObject({ status: 1 });
    expect(await cards()).toBe(1);
  });

  it('makes staff turn it on before any staff call works, and keeps it on', async () => {
    const admin = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const account = nextAccount();
    const password = `Init${account}x`;
    const created = await h().call(
      'admin/staff/create',
      { account, password, role: 'auditor', reason: 'New auditor joins the desk' },
      admin,
    );
    expect(created.status).toBe(1);
    // Without two-step sign-in the password alone signs in, but every staff call is refused until it is on.
    const first = await login(account, password);
    if (!('token' in first.data)) throw new Error('expected a session');
    const headers = { token: first.data.token, account };
    const auditsBefore = await h().db.query(`SELECT count(*)::int AS n FROM audit_log`);
    expect(await h().call('admin/auditLog', {}, headers)).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.security.staffRequired,
    });
    expect(await h().call('admin/auditLog', {}, headers)).toMatchObject({ msg: errorKeys.security.staffRequired });
    expect(await h().db.query(`SELECT count(*)::int AS n FROM audit_log`)).toEqual(auditsBefore);
    const { totp } = await turnOn(h(), headers);
    expect(await h().call('admin/auditLog', {}, headers)).toMatchObject({ http: 200, status: 1 });
    // From now on staff sign in with a code, and cannot turn it off.
    nextStep(h());
    const challenge = await challengeOf(account, password);
    expect(await h().call('user/login/code', { challenge, code: codeAt(totp, h()) })).toMatchObject({
      status: 1,
      data: { role: 'auditor', is_admin: 1 },
    });
    nextStep(h());
    expect(
      await h().call('user/twoFactor/disable', { code: codeAt(totp, h()), loginPassword: password }, headers),
    ).toMatchObject({ http: 403, msg: errorKeys.security.staffRequired });
  });
});
