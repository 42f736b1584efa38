import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { pendingSubmissionId, submitRealName } from '../verification/real-name-fixtures.ts';
import { auditOf, createStaff, seedAdmin, type StaffAccountWire } from './staff-fixtures.ts';

// Issue 25 "Staff accounts": an admin creates staff accounts, sets their roles and resets their passwords; each change
// carries a reason and is in the audit log.
describeEachDatabase('staff accounts an admin manages', (h) => {
  it('creates a reviewer who signs in with the initial password and decides a real-name review', async () => {
    const admin = await seedAdmin(h());
    const reviewer = await createStaff(h(), 'reviewer', admin);
    expect(reviewer.answer).toMatchObject({
      http: 200,
      status: 1,
      data: { account: reviewer.account, role: 'reviewer', status: 'active', disabledAt: null },
    });
    const info = await h().call('user/info', {}, reviewer.headers);
    expect(info.data).toMatchObject({ account: reviewer.account, is_admin: 1, role: 'reviewer' });

    const applicant = await h().member();
    await submitRealName(h(), applicant.headers);
    const id = await pendingSubmissionId(h(), reviewer.headers, applicant.account);
    const decided = await h().call(
      'admin/realName/decide',
      { id, decision: 'approve', reason: 'documents match' },
      reviewer.headers,
    );
    expect(decided).toMatchObject({ http: 200, status: 1 });

    const [hash] = await h().db.query<{ password_hash: string }>(
      `SELECT password_hash FROM members WHERE account = $1`,
      [reviewer.account],
    );
    expect(hash?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await auditOf(h(), 'staff.create', reviewer.account)).toEqual([
      expect.objectContaining({
        actorAccount: h().seed.staffAccount,
        actorRole: 'admin',
        reason: 'reviewer: New reviewer joins the desk',
        requestId: reviewer.answer.headers['x-request-id'],
      }),
    ]);
  });

  it('lists every staff account with its role and status to admins and auditors', async () => {
    const admin = await seedAdmin(h());
    const auditor = await createStaff(h(), 'auditor', admin);
    const support = await createStaff(h(), 'support', admin);
    for (const reader of [admin, auditor.headers]) {
      const list = await h().call<StaffAccountWire[]>('admin/staff/list', {}, reader);
      expect(list).toMatchObject({ http: 200, status: 1 });
      expect(list.data.map((s) => s.account)).toEqual([...list.data.map((s) => s.account)].sort());
      expect(list.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ account: h().seed.staffAccount, role: 'admin', status: 'active' }),
          expect.objectContaining({ account: auditor.account, role: 'auditor', status: 'active' }),
          expect.objectContaining({ account: support.account, role: 'support', status: 'active' }),
        ]),
      );
    }
    // Members are not staff: the list holds staff accounts only.
    const member = await h().member();
    const list = await h().call<StaffAccountWire[]>('admin/staff/list', {}, admin);
    expect(list.data.map((s) => s.account)).not.toContain(member.account);
  });

  it('refuses an account that already exists, member or staff, and writes nothing', async () => {
    const admin = await seedAdmin(h());
    const member = await h().member();
    for (const account of [member.account, h().seed.staffAccount]) {
      const res = await h().call(
        'admin/staff/create',
        { account, password: 'Takeover123', role: 'admin', reason: 'Take this account' },
        admin,
      );
      expect(res, account).toMatchObject({ http: 409, status: 0, msg: errorKeys.account.alreadyExists });
      expect(await auditOf(h(), 'staff.create', account)).toEqual([]);
    }
    const [row] = await h().db.query<{ staff_role: string | null }>(
      `SELECT staff_role FROM members WHERE account = $1`,
      [member.account],
    );
    expect(row?.staff_role).toBeNull();
  });

  it('sets a role that the staff member’s open session uses at once, and audits from → to', async () => {
    const admin = await seedAdmin(h());
    const staff = await createStaff(h(), 'reviewer', admin);
    expect(await h().call('admin/realName/list', { status: 'pending' }, staff.headers)).toMatchObject({ http: 200 });
    expect(await h().call('admin/members/restrict', {}, staff.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });

    const set = await h().call<StaffAccountWire>(
      'admin/staff/setRole',
      { account: staff.account, role: 'support', reason: 'Moved to the support desk' },
      admin,
    );
    expect(set).toMatchObject({ http: 200, status: 1, data: { account: staff.account, role: 'support' } });
    // The same session: the reviewer's queue is closed now, support's calls are open (400: an empty body).
    expect(await h().call('admin/realName/list', { status: 'pending' }, staff.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    expect(await h().call('admin/members/restrict', {}, staff.headers)).toMatchObject({ http: 400 });
    expect((await h().call('user/info', {}, staff.headers)).data).toMatchObject({ role: 'support' });

    expect(
      await h().call('admin/staff/setRole', { account: staff.account, role: 'support', reason: 'Again' }, admin),
    ).toMatchObject({ http: 409, status: 0, msg: errorKeys.staff.sameRole });
    expect(await auditOf(h(), 'staff.setRole', staff.account)).toEqual([
      expect.objectContaining({
        actorAccount: h().seed.staffAccount,
        reason: 'reviewer → support: Moved to the support desk',
        requestId: set.headers['x-request-id'],
      }),
    ]);
  });

  it('resets another staff member’s password: the old one and every open session stop working', async () => {
    const admin = await seedAdmin(h());
    const staff = await createStaff(h(), 'support', admin);
    const second = await h().signIn(staff.account, staff.password);
    const reset = await h().call<StaffAccountWire>(
      'admin/staff/resetPassword',
      { account: staff.account, password: 'Fresh2026pass', reason: 'Forgot the password' },
      admin,
    );
    expect(reset).toMatchObject({ http: 200, status: 1, data: { account: staff.account, status: 'active' } });
    for (const headers of [staff.headers, second])
      expect(await h().call('user/info', {}, headers)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(
      await h().call('user/login', { account: staff.account, password: staff.password, agree: true }),
    ).toMatchObject({ http: 400, msg: errorKeys.account.wrongCredentials });
    const back = await h().signIn(staff.account, 'Fresh2026pass');
    expect(await h().call('user/info', {}, back)).toMatchObject({ http: 200, data: { role: 'support' } });

    const entries = await auditOf(h(), 'staff.resetPassword', staff.account);
    expect(entries).toEqual([
      expect.objectContaining({
        actorAccount: h().seed.staffAccount,
        reason: 'Forgot the password',
        requestId: reset.headers['x-request-id'],
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('Fresh2026pass');
  });

  it('clears a sign-in lock with the new password', async () => {
    const admin = await seedAdmin(h());
    const staff = await createStaff(h(), 'auditor', admin);
    for (let i = 0; i < 5; i++) {
      await h().call('user/login', { account: staff.account, password: 'Wrong12345', agree: true });
      h().clock.advance(61_000);
    }
    expect(
      await h().call('user/login', { account: staff.account, password: staff.password, agree: true }),
    ).toMatchObject({ http: 429, msg: errorKeys.account.locked });
    await h().call(
      'admin/staff/resetPassword',
      { account: staff.account, password: 'Unlocked2026', reason: 'Locked out' },
      await seedAdmin(h()),
    );
    expect(
      await h().call('user/login', { account: staff.account, password: 'Unlocked2026', agree: true }),
    ).toMatchObject({ http: 200, status: 1 });
  });

  it('leaves an admin’s own password to user/changePassword, which asks for the old one', async () => {
    const admin = await seedAdmin(h());
    const res = await h().call(
      'admin/staff/resetPassword',
      { account: h().seed.staffAccount, password: 'Mine2026pass', reason: 'Skip the old password' },
      admin,
    );
    expect(res).toMatchObject({ http: 403, status: 0, msg: errorKeys.auth.forbidden });
    expect(await h().call('user/info', {}, admin)).toMatchObject({ http: 200 });
    expect(await auditOf(h(), 'staff.resetPassword', h().seed.staffAccount)).toEqual([]);
  });
});
