import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { staffAdminService } from './staff-admin.service.ts';
import { createStaff, memberIdOf, seedAdmin, type StaffAccountWire } from './staff-fixtures.ts';

const statusOf = async (h: Harness, account: string) =>
  (
    await h.db.query<{ staff_role: string; disabled: boolean }>(
      `SELECT staff_role, staff_disabled_at IS NOT NULL AS disabled FROM members WHERE account = $1`,
      [account],
    )
  )[0];

const staffAudit = async (h: Harness, target: string) =>
  (
    await h.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target = $1 AND action IN ('staff.setRole', 'staff.disable') ORDER BY id`,
      [target],
    )
  ).map((r) => r.action);

// Issue 25 "Staff accounts": somebody must always be able to run the back office. The last admin who can sign in is
// never disabled or given another role, by anyone, themselves included.
describeEachDatabase('the last active admin', (h) => {
  it('cannot be disabled or demoted while alone, and nothing is written', async () => {
    const admin = await seedAdmin(h());
    const account = h().seed.staffAccount;
    expect(await h().call('admin/staff/disable', { account, reason: 'Leaving' }, admin)).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.staff.lastAdmin,
    });
    for (const role of ['reviewer', 'support', 'auditor'])
      expect(
        await h().call('admin/staff/setRole', { account, role, reason: 'Stepping down' }, admin),
        role,
      ).toMatchObject({
        http: 409,
        msg: errorKeys.staff.lastAdmin,
      });
    expect(await statusOf(h(), account)).toEqual({ staff_role: 'admin', disabled: false });
    expect(await staffAudit(h(), account)).toEqual([]);
    expect(await h().call('user/info', {}, admin)).toMatchObject({ http: 200, data: { role: 'admin' } });
  });

  it('counts only admins who can sign in: a disabled or login-banned admin leaves the other one last', async () => {
    const first = await seedAdmin(h());
    const second = await createStaff(h(), 'admin', first);
    const account = h().seed.staffAccount;
    // Two active admins: either may step down; here the second is disabled instead.
    expect(
      await h().call('admin/staff/disable', { account: second.account, reason: 'Sabbatical' }, first),
    ).toMatchObject({ http: 200 });
    expect(await h().call('admin/staff/setRole', { account, role: 'auditor', reason: 'Swap' }, first)).toMatchObject({
      http: 409,
      msg: errorKeys.staff.lastAdmin,
    });
    // A disabled admin is no admin to keep: demoting them is allowed.
    expect(
      await h().call('admin/staff/setRole', { account: second.account, role: 'reviewer', reason: 'Tidy' }, first),
    ).toMatchObject({ http: 200, data: { role: 'reviewer', status: 'disabled' } });
    expect(
      await h().call('admin/staff/setRole', { account: second.account, role: 'admin', reason: 'Back' }, first),
    ).toMatchObject({ http: 200 });
    const enabled = await h().call('admin/staff/enable', { account: second.account, reason: 'Back' }, first);
    expect(enabled).toMatchObject({ http: 200 });
    const secondHeaders = await h().signIn(second.account, second.password);

    // A login ban (SPEC §6) keeps the first admin out: the second is then the last who can sign in.
    expect(
      await h().call(
        'admin/members/restrict',
        { memberId: await memberIdOf(h(), account), kind: 'login_banned', reason: 'Lost laptop' },
        secondHeaders,
      ),
    ).toMatchObject({ http: 200 });
    expect(
      await h().call('admin/staff/disable', { account: second.account, reason: 'Leaving too' }, secondHeaders),
    ).toMatchObject({ http: 409, msg: errorKeys.staff.lastAdmin });

    // Lifted: two admins again, so the second may step down to auditor (and then acts as an admin no more).
    await h().call(
      'admin/members/lift',
      { memberId: await memberIdOf(h(), account), kind: 'login_banned', reason: 'Laptop found' },
      secondHeaders,
    );
    const down = await h().call<StaffAccountWire>(
      'admin/staff/setRole',
      { account: second.account, role: 'auditor', reason: 'Stepping down' },
      secondHeaders,
    );
    expect(down).toMatchObject({ http: 200, data: { role: 'auditor' } });
    expect(
      await h().call('admin/staff/enable', { account: second.account, reason: 'Still admin?' }, secondHeaders),
    ).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
  });
});

// On PostgreSQL the two changes run in parallel transactions: each locks the active admins before it counts them, so
// the second waits for the first and sees its result (without the lock both would count two and leave none).
describeEachDatabase('admins changing staff accounts at the same time', (h) => {
  it('refuses a change by an admin disabled or demoted after their call was authenticated', async () => {
    const admin = await seedAdmin(h());
    const service = staffAdminService({ db: h().db, clock: h().clock });
    for (const takeAway of ['disable', 'setRole'] as const) {
      const late = await createStaff(h(), 'admin', admin);
      // The principal the route handed over before the other admin's change committed.
      const principal = {
        memberId: await memberIdOf(h(), late.account),
        account: late.account,
        role: 'admin' as const,
        tokenHash: 'x',
      };
      const res = await h().call(
        `admin/staff/${takeAway}`,
        { account: late.account, role: 'support', reason: 'Taken away' },
        admin,
      );
      expect(res, takeAway).toMatchObject({ http: 200 });
      await expect(
        service.create(
          principal,
          { account: nextAccount(), password: 'Late2026pass', role: 'admin', reason: 'Late' },
          'r',
        ),
        takeAway,
      ).rejects.toMatchObject({ key: errorKeys.auth.forbidden });
      await expect(
        service.enable(principal, { account: late.account, reason: 'Let myself back in' }, 'r'),
        takeAway,
      ).rejects.toMatchObject({ key: errorKeys.auth.forbidden });
    }
  });

  it('two admins disabling each other at once leave one of them active, every time', async () => {
    let survivor = { account: h().seed.staffAccount, headers: await seedAdmin(h()) };
    for (let round = 0; round < 3; round++) {
      const other = await createStaff(h(), 'admin', survivor.headers);
      const [a, b] = await Promise.all([
        h().call('admin/staff/disable', { account: other.account, reason: 'Race' }, survivor.headers),
        h().call('admin/staff/disable', { account: survivor.account, reason: 'Race' }, other.headers),
      ]);
      // One is applied; the other is refused with a key (its session ended, its right gone, or the last admin), never
      // a 5xx: without the lock the two transactions deadlock on each other's rows.
      const [won, lost] = a.status === 1 ? [a, b] : [b, a];
      expect(won, `round ${round}`).toMatchObject({ http: 200, status: 1 });
      expect([401, 403, 409], `round ${round}: ${lost.http} ${lost.msg}`).toContain(lost.http);
      const active = await h().db.query<{ account: string }>(
        `SELECT account FROM members WHERE staff_role = 'admin' AND staff_disabled_at IS NULL`,
      );
      expect(active, `round ${round}`).toHaveLength(1);
      // The winner's session was never ended: it goes on to the next round.
      if (b.status === 1) survivor = { account: other.account, headers: other.headers };
    }
  });
});
