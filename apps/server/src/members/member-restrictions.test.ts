import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import { describeEachDatabase } from '../test/harness.ts';

interface Detail {
  restrictions: {
    id: string;
    kind: string;
    reason: string;
    setAt: string;
    setBy: string | null;
    liftedAt: string | null;
    liftReason: string | null;
  }[];
}

// SPEC §6: frozen, banned from login, disabled, barred from trading or from withdrawing; DESIGN: staff power is bounded and visible.
describeEachDatabase('member restrictions', (h) => {
  const admin = () => h().signIn(h().seed.staffAccount, h().seed.staffPassword);
  const idOf = async (account: string) =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;
  const withRole = async (role: string) => {
    const m = await h().member();
    await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    if (role) await h().staffCodes.enrol(m.headers);
    return m;
  };
  const restrict = async (memberId: string, kind: string, reason: string, headers?: Record<string, string>) =>
    h().call('admin/members/restrict', { memberId, kind, reason }, headers ?? (await admin()));
  const lift = async (memberId: string, kind: string, reason: string, headers?: Record<string, string>) =>
    h().call('admin/members/lift', { memberId, kind, reason }, headers ?? (await admin()));
  const auditFor = async (action: string, target: string) =>
    (
      await h().call<{ items: AuditEntry[] }>('admin/auditLog', { action, pageSize: 100 }, await admin())
    ).data.items.filter((e) => e.target === target);

  it('sets a restriction the member reads, refuses it twice, lifts it once, keeps both in the history and audits both', async () => {
    const m = await h().member();
    const id = await idOf(m.account);
    const set = await restrict(id, 'no_withdrawal', 'Verifying the source of funds');
    expect(set).toMatchObject({ http: 200, status: 1, data: null });
    const info = await h().call<{ restrictions: { kind: string; reason: string }[] }>('user/info', {}, m.headers);
    expect(info.data.restrictions).toEqual([
      expect.objectContaining({ kind: 'no_withdrawal', reason: 'Verifying the source of funds' }),
    ]);
    expect(await restrict(id, 'no_withdrawal', 'again')).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.admin.restrictionActive,
    });
    const lifted = await lift(id, 'no_withdrawal', 'Source of funds confirmed');
    expect(lifted).toMatchObject({ http: 200, status: 1 });
    expect(await lift(id, 'no_withdrawal', 'again')).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.admin.restrictionNotActive,
    });
    expect(await lift(id, 'frozen', 'never set')).toMatchObject({
      http: 409,
      msg: errorKeys.admin.restrictionNotActive,
    });
    expect((await h().call<{ restrictions: unknown[] }>('user/info', {}, m.headers)).data.restrictions).toEqual([]);
    const detail = await h().call<Detail>('admin/members/detail', { memberId: id }, await admin());
    expect(detail.data.restrictions).toEqual([
      {
        id: expect.any(String),
        kind: 'no_withdrawal',
        reason: 'Verifying the source of funds',
        setAt: h().clock.now().toISOString(),
        setBy: h().seed.staffAccount,
        liftedAt: h().clock.now().toISOString(),
        liftReason: 'Source of funds confirmed',
      },
    ]);
    expect(await auditFor('member.restrict', m.account)).toEqual([
      expect.objectContaining({
        actorAccount: h().seed.staffAccount,
        reason: 'no_withdrawal: Verifying the source of funds',
        requestId: set.headers['x-request-id'],
      }),
    ]);
    expect(await auditFor('member.lift', m.account)).toEqual([
      expect.objectContaining({
        reason: 'no_withdrawal: Source of funds confirmed',
        requestId: lifted.headers['x-request-id'],
      }),
    ]);
    // The same kind can be set again after it was lifted.
    expect(await restrict(id, 'no_withdrawal', 'New concern')).toMatchObject({ http: 200, status: 1 });
  });

  it.each(['login_banned', 'disabled'])(
    'ends the member’s sessions when %s is set, and lets them back in once lifted',
    async (kind) => {
      const m = await h().member();
      const id = await idOf(m.account);
      const second = await h().signIn(m.account, m.password);
      expect(await restrict(id, kind, 'Suspicious activity')).toMatchObject({ http: 200 });
      for (const headers of [m.headers, second])
        expect(await h().call('user/info', {}, headers)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
      const login = await h().call('user/login', { account: m.account, password: m.password, agree: true });
      expect(login).toMatchObject({
        http: 403,
        msg: kind === 'disabled' ? errorKeys.restriction.disabled : errorKeys.restriction.loginBanned,
      });
      await lift(id, kind, 'Cleared');
      expect(await h().call('user/info', {}, await h().signIn(m.account, m.password))).toMatchObject({ http: 200 });
    },
  );

  it.each(['frozen', 'no_trading', 'no_withdrawal'])('keeps the member signed in when %s is set', async (kind) => {
    const m = await h().member();
    expect(await restrict(await idOf(m.account), kind, 'Pending review')).toMatchObject({ http: 200 });
    expect(await h().call('user/info', {}, m.headers)).toMatchObject({ http: 200, status: 1 });
  });

  it('lets support and admin restrict, including other staff, but nobody themselves', async () => {
    const support = await withRole('support');
    const target = await h().member();
    expect(await restrict(await idOf(target.account), 'no_trading', 'Margin abuse', support.headers)).toMatchObject({
      http: 200,
    });
    expect(await lift(await idOf(target.account), 'no_trading', 'Resolved', support.headers)).toMatchObject({
      http: 200,
    });
    const reviewer = await withRole('reviewer');
    expect(
      await restrict(await idOf(reviewer.account), 'frozen', 'Staff under investigation', support.headers),
    ).toMatchObject({ http: 200 });
    expect(await restrict(await idOf(support.account), 'frozen', 'Freezing myself', support.headers)).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.auth.forbidden,
    });
    expect(await lift(await idOf(reviewer.account), 'frozen', 'Lifting my own', reviewer.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    const staffId = await idOf(h().seed.staffAccount);
    expect(await restrict(staffId, 'login_banned', 'Locking myself out')).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    const [active] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM member_restrictions WHERE member_id = $1`,
      [staffId],
    );
    expect(active?.n).toBe('0');
  });

  it('keeps restriction calls from reviewers, auditors and members', async () => {
    const target = await h().member();
    const id = await idOf(target.account);
    for (const role of ['reviewer', 'auditor']) {
      const staff = await withRole(role);
      expect(await restrict(id, 'frozen', 'Not my call', staff.headers), role).toMatchObject({
        http: 403,
        msg: errorKeys.auth.forbidden,
      });
      expect(await lift(id, 'frozen', 'Not my call', staff.headers), role).toMatchObject({
        http: 403,
        msg: errorKeys.auth.forbidden,
      });
    }
    const member = await h().member();
    expect(await restrict(id, 'frozen', 'Griefing', { ...member.headers, 'is-admin': '1' })).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM member_restrictions WHERE member_id = $1`,
      [id],
    );
    expect(n?.n).toBe('0');
  });

  it('answers 404 memberNotFound for an unknown member, and refuses an unknown kind or a missing reason', async () => {
    for (const memberId of [randomUUID(), 'not-a-uuid']) {
      expect(await restrict(memberId, 'frozen', 'Who is this')).toMatchObject({
        http: 404,
        status: 0,
        msg: errorKeys.admin.memberNotFound,
      });
      expect(await lift(memberId, 'frozen', 'Who is this')).toMatchObject({
        http: 404,
        status: 0,
        msg: errorKeys.admin.memberNotFound,
      });
    }
    const m = await h().member();
    expect(await restrict(await idOf(m.account), 'banished', 'Unknown kind')).toMatchObject({ http: 400, status: 0 });
    expect(await restrict(await idOf(m.account), 'frozen', '')).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.admin.reasonRequired,
    });
  });
});
