import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RestrictionKind } from '@kabuto/contracts/fields';
import { describeEachDatabase } from '../test/harness.ts';

interface InfoData {
  restrictions: { kind: RestrictionKind; reason: string; since: string }[];
}

describeEachDatabase('sign-in restrictions', (h) => {
  const restrict = async (account: string, kind: RestrictionKind, reason: string, setAt = '2026-11-01T00:00:00Z') => {
    const [row] = await h().db.query<{ id: string }>(
      `INSERT INTO member_restrictions (member_id, kind, reason, set_at) SELECT id, $2, $3, $4 FROM members WHERE account = $1 RETURNING id::text AS id`,
      [account, kind, reason, setAt],
    );
    if (!row) throw new Error(`no member ${account}`);
    return row.id;
  };
  const lift = (id: string) =>
    h().db.query(`UPDATE member_restrictions SET lifted_at = now(), lift_reason = 'reviewed' WHERE id = $1`, [id]);
  const login = (account: string, password: string) => h().call('user/login', { account, password, agree: true });

  it('refuses a disabled account with 403 and the disabled key', async () => {
    const m = await h().member();
    await restrict(m.account, 'disabled', 'closed at the member’s request');
    expect(await login(m.account, m.password)).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.restriction.disabled,
      data: null,
    });
  });

  it('refuses a login-banned account with 403 and the login-banned key', async () => {
    const m = await h().member();
    await restrict(m.account, 'login_banned', 'suspicious activity under review');
    expect(await login(m.account, m.password)).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.restriction.loginBanned,
      data: null,
    });
  });

  it('reports disabled first when both apply', async () => {
    const m = await h().member();
    await restrict(m.account, 'login_banned', 'one');
    await restrict(m.account, 'disabled', 'two');
    expect(await login(m.account, m.password)).toMatchObject({ http: 403, msg: errorKeys.restriction.disabled });
  });

  it('still answers wrong credentials to a wrong password on a restricted account', async () => {
    const m = await h().member();
    await restrict(m.account, 'disabled', 'closed');
    expect(await login(m.account, 'wrong9999')).toMatchObject({ http: 400, msg: errorKeys.account.wrongCredentials });
  });

  it('lets the member in again once the restriction is lifted', async () => {
    const m = await h().member();
    const id = await restrict(m.account, 'login_banned', 'temporary ban');
    expect(await login(m.account, m.password)).toMatchObject({ http: 403 });
    await lift(id);
    expect(await login(m.account, m.password)).toMatchObject({ http: 200, status: 1 });
  });

  it.each(['frozen', 'no_trading', 'no_withdrawal'] as const)('does not stop sign-in for %s', async (kind) => {
    const m = await h().member();
    await restrict(m.account, kind, `reason for ${kind}`);
    expect(await login(m.account, m.password)).toMatchObject({ http: 200, status: 1 });
  });

  it('lists active restrictions with their reasons in user/info, oldest first, without lifted ones', async () => {
    const m = await h().member();
    await restrict(m.account, 'no_withdrawal', 'bank card under review', '2026-11-02T00:00:00Z');
    await restrict(m.account, 'frozen', 'court order 12-345', '2026-11-01T00:00:00Z');
    const lifted = await restrict(m.account, 'no_trading', 'margin call unpaid', '2026-11-03T00:00:00Z');
    await lift(lifted);
    const res = await h().call<InfoData>('user/info', {}, m.headers);
    expect(res).toMatchObject({ http: 200, status: 1 });
    expect(res.data.restrictions).toEqual([
      { kind: 'frozen', reason: 'court order 12-345', since: '2026-11-01T00:00:00.000Z' },
      { kind: 'no_withdrawal', reason: 'bank card under review', since: '2026-11-02T00:00:00.000Z' },
    ]);
  });

  it('lists no restrictions for a member without any', async () => {
    const m = await h().member();
    const res = await h().call<InfoData>('user/info', {}, m.headers);
    expect(res.data.restrictions).toEqual([]);
  });
});
