import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { staffRoles, type StaffRole } from '@kabuto/contracts/fields';
import { describeEachDatabase } from '../test/harness.ts';

// STYLE §9 and DESIGN "API conventions": every route states its policy, and `is-admin` never grants anything.
describeEachDatabase('route policies', (h) => {
  const byKind = (kind: 'public' | 'member' | 'staff') =>
    h()
      .routes.filter((r) => r.policy.kind === kind)
      .map((r) => r.call.path);
  const staffRouteRoles = () =>
    h().routes.flatMap((r) => (r.policy.kind === 'staff' ? [{ path: r.call.path, roles: r.policy.roles }] : []));
  /** A member whose stored staff role is `role` (null: an ordinary member). */
  const withRole = async (role: StaffRole | null) => {
    const m = await h().member();
    await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    if (role) await h().staffCodes.enrol(m.headers);
    return m.headers;
  };

  it('gives every route a policy of kind public, member or staff', () => {
    expect(h().routes.length).toBeGreaterThan(0);
    for (const r of h().routes) {
      expect(['public', 'member', 'staff'], r.call.path).toContain(r.policy.kind);
      if (r.policy.kind === 'staff') {
        expect(r.policy.roles.length, r.call.path).toBeGreaterThan(0);
        for (const role of r.policy.roles) expect(staffRoles, r.call.path).toContain(role);
      }
    }
  });

  it('declares every path once', () => {
    const paths = h().routes.map((r) => r.call.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers at least the known routes of each kind', () => {
    expect(byKind('public')).toEqual(
      expect.arrayContaining([
        'common/config',
        'user/register',
        'user/login',
        'user/sendResetCode',
        'user/resetPassword',
      ]),
    );
    expect(byKind('member')).toEqual(
      expect.arrayContaining([
        'user/info',
        'user/logout',
        'user/changePassword',
        'user/setFundPassword',
        'user/changeFundPassword',
      ]),
    );
    expect(byKind('staff')).toEqual(expect.arrayContaining(['admin/auditLog']));
  });

  it('asks for a sign-in on every member route called without a token', async () => {
    for (const path of byKind('member')) {
      expect(await h().call(path, {}), path).toMatchObject({
        http: 401,
        status: 0,
        msg: errorKeys.auth.required,
        data: null,
      });
      expect(await h().call(path, {}, { 'is-admin': '1', account: h().seed.staffAccount }), path).toMatchObject({
        http: 401,
        msg: errorKeys.auth.required,
      });
    }
  });

  it('asks for a sign-in on every staff route called without a token, is-admin or not', async () => {
    for (const path of byKind('staff')) {
      expect(await h().call(path, {}), path).toMatchObject({
        http: 401,
        status: 0,
        msg: errorKeys.auth.required,
        data: null,
      });
      for (const isAdmin of ['1', 'true']) {
        expect(await h().call(path, {}, { 'is-admin': isAdmin }), path).toMatchObject({
          http: 401,
          msg: errorKeys.auth.required,
        });
      }
    }
  });

  it('refuses a member on every staff route even with is-admin 1 or true', async () => {
    const member = await withRole(null);
    for (const path of byKind('staff')) {
      const claims: Record<string, string>[] = [
        {},
        { 'is-admin': '1' },
        { 'is-admin': 'true' },
        { 'is-admin': 'admin' },
      ];
      for (const extra of claims) {
        expect(await h().call(path, {}, { ...member, ...extra }), `${path} ${JSON.stringify(extra)}`).toMatchObject({
          http: 403,
          status: 0,
          msg: errorKeys.auth.forbidden,
          data: null,
        });
      }
    }
  });

  it('does not make a member staff in user/info when is-admin is sent', async () => {
    const member = await withRole(null);
    const res = await h().call<{ is_admin: number; role: string | null }>(
      'user/info',
      {},
      { ...member, 'is-admin': '1' },
    );
    expect(res.data).toMatchObject({ is_admin: 0, role: null });
  });

  it('lets each staff role through exactly the staff routes that name it', async () => {
    const headers = new Map<StaffRole, Record<string, string>>();
    for (const role of staffRoles) headers.set(role, await withRole(role));
    for (const { path, roles } of staffRouteRoles()) {
      for (const role of staffRoles) {
        const res = await h().call(path, {}, headers.get(role));
        if (roles.includes(role)) expect([401, 403], `${path} as ${role}`).not.toContain(res.http);
        else expect(res, `${path} as ${role}`).toMatchObject({ http: 403, status: 0, msg: errorKeys.auth.forbidden });
      }
    }
  });

  it('keeps the audit log from a reviewer and support, and opens it to an auditor and an admin', async () => {
    expect(await h().call('admin/auditLog', {}, await withRole('reviewer'))).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.auth.forbidden,
    });
    expect(await h().call('admin/auditLog', {}, await withRole('support'))).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.auth.forbidden,
    });
    expect(await h().call('admin/auditLog', {}, await withRole('auditor'))).toMatchObject({
      http: 200,
      status: 1,
      data: { items: expect.any(Array) },
    });
    expect(await h().call('admin/auditLog', {}, await withRole('admin'))).toMatchObject({ http: 200, status: 1 });
  });

  it('takes a role away at once: a staff session loses access when the stored role is removed', async () => {
    const m = await h().member();
    await h().db.query(`UPDATE members SET staff_role = 'auditor' WHERE account = $1`, [m.account]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    await h().staffCodes.enrol(m.headers);
    expect(await h().call('admin/auditLog', {}, m.headers)).toMatchObject({ http: 200 });
    await h().db.query(`UPDATE members SET staff_role = NULL WHERE account = $1`, [m.account]);
    expect(await h().call('admin/auditLog', {}, m.headers)).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
  });

  it('answers every public route without a token (never 401 or 403)', async () => {
    for (const path of byKind('public')) {
      const res = await h().call(path, {});
      expect([401, 403], path).not.toContain(res.http);
    }
  });
});
