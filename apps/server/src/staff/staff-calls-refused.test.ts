import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { createStaff, seedAdmin } from './staff-fixtures.ts';

/** What a refused call must leave as it was: the staff rows, every password and the audit log (sign-ins aside). */
const snapshot = (h: Harness) =>
  h.db.query(
    `SELECT (SELECT count(*) FROM members)::text AS members,
            (SELECT string_agg(account || ':' || coalesce(staff_role, '-') || ':' || (staff_disabled_at IS NULL)::text
                               || ':' || md5(password_hash), ',' ORDER BY account) FROM members) AS accounts,
            (SELECT count(*) FROM audit_log WHERE action <> 'staff.signIn')::text AS audit,
            (SELECT count(*) FROM sessions WHERE ended_at IS NOT NULL)::text AS ended`,
  );

// Issue 25 "Staff accounts": only an admin changes staff accounts (auditors read the list); `is-admin` grants nothing;
// bad input is refused with a catalogued key, never a 5xx, and writes nothing.
describeEachDatabase('staff account calls refused', (h) => {
  const changes = (account: string): [string, unknown][] => [
    ['admin/staff/create', { account: nextAccount(), password: 'Sneaky2026', role: 'admin', reason: 'Let me in' }],
    ['admin/staff/setRole', { account, role: 'admin', reason: 'Promote me' }],
    ['admin/staff/disable', { account, reason: 'Lock them out' }],
    ['admin/staff/enable', { account, reason: 'Let them back' }],
    ['admin/staff/resetPassword', { account, password: 'Sneaky2026', reason: 'Take over' }],
  ];

  it('refuses a reviewer, support and an auditor every change, and a reviewer the list', async () => {
    const admin = await seedAdmin(h());
    const target = await createStaff(h(), 'reviewer', admin);
    const callers = {
      reviewer: (await createStaff(h(), 'reviewer', admin)).headers,
      support: (await createStaff(h(), 'support', admin)).headers,
      auditor: (await createStaff(h(), 'auditor', admin)).headers,
    };
    const before = await snapshot(h());
    for (const [role, headers] of Object.entries(callers))
      for (const [path, body] of [...changes(target.account), ...changes(h().seed.staffAccount)])
        expect(await h().call(path, body, { ...headers, 'is-admin': '1' }), `${role} ${path}`).toMatchObject({
          http: 403,
          status: 0,
          msg: errorKeys.auth.forbidden,
        });
    expect(await h().call('admin/staff/list', {}, callers.reviewer)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    expect(await h().call('admin/staff/list', {}, callers.support)).toMatchObject({ http: 403 });
    expect(await h().call('admin/staff/list', {}, callers.auditor)).toMatchObject({ http: 200, status: 1 });
    expect(await snapshot(h())).toEqual(before);
  });

  it('refuses a member every staff call whatever is-admin header they add', async () => {
    const member = await h().member();
    const target = await createStaff(h(), 'support');
    const before = await snapshot(h());
    for (const extra of [
      {},
      { 'is-admin': '1' },
      { 'is-admin': 'true' },
      { 'is-admin': 'admin', role: 'admin' },
    ] as Record<string, string>[])
      for (const [path, body] of [['admin/staff/list', {}] as [string, unknown], ...changes(target.account)])
        expect(
          await h().call(path, body, { ...member.headers, ...extra }),
          `${path} ${JSON.stringify(extra)}`,
        ).toMatchObject({ http: 403, status: 0, msg: errorKeys.auth.forbidden });
    expect(await snapshot(h())).toEqual(before);
  });

  it('answers bad input with catalogued keys, never a 5xx, and writes nothing', async () => {
    const admin = await seedAdmin(h());
    const target = await createStaff(h(), 'reviewer', admin);
    const account = nextAccount();
    const create = { account, password: 'Good2026pass', role: 'reviewer', reason: 'New starter' };
    const huge = `${'a'.repeat(10_240)}1`;
    const cases: [string, unknown, number, string][] = [
      ['admin/staff/create', { ...create, password: huge }, 400, errorKeys.password.format],
      ['admin/staff/create', { ...create, password: 'lettersonly' }, 400, errorKeys.password.format],
      ['admin/staff/create', { ...create, password: '' }, 400, errorKeys.account.passwordEmpty],
      ['admin/staff/create', { ...create, account: '12345' }, 400, errorKeys.account.accountFormat],
      ['admin/staff/create', { ...create, account: '０９０１２３４５６７' }, 400, errorKeys.account.accountFormat],
      ['admin/staff/create', { ...create, account: `${account}' OR '1'='1` }, 400, errorKeys.account.accountFormat],
      ['admin/staff/create', { ...create, account: 9012345678 }, 400, errorKeys.account.accountEmpty],
      ['admin/staff/create', { ...create, role: 'superuser' }, 400, errorKeys.request.invalid],
      ['admin/staff/create', { ...create, role: ['admin'] }, 400, errorKeys.request.invalid],
      ['admin/staff/create', { ...create, reason: ' ' }, 400, errorKeys.admin.reasonRequired],
      ['admin/staff/create', { ...create, reason: 'x'.repeat(501) }, 400, errorKeys.request.invalid],
      [
        'admin/staff/setRole',
        { account: target.account, role: 'root', reason: 'Why not' },
        400,
        errorKeys.request.invalid,
      ],
      ['admin/staff/setRole', { account: target.account, role: 'auditor' }, 400, errorKeys.admin.reasonRequired],
      ['admin/staff/disable', { account: 'abc', reason: 'Malformed' }, 400, errorKeys.account.accountFormat],
      ['admin/staff/enable', { account: '', reason: 'Empty' }, 400, errorKeys.account.accountEmpty],
      [
        'admin/staff/resetPassword',
        { account: target.account, password: huge, reason: 'Long one' },
        400,
        errorKeys.password.format,
      ],
      // Well formed, but nobody's staff account: an unknown number, and a member who is not staff.
      ['admin/staff/disable', { account: '0000000000', reason: 'Nobody' }, 404, errorKeys.staff.notFound],
      [
        'admin/staff/setRole',
        { account: (await h().member()).account, role: 'admin', reason: 'Promote a member' },
        404,
        errorKeys.staff.notFound,
      ],
      [
        'admin/staff/resetPassword',
        { account: '0000000000', password: 'Good2026pass', reason: 'Nobody' },
        404,
        errorKeys.staff.notFound,
      ],
    ];
    const before = await snapshot(h());
    for (const [path, body, http, msg] of cases) {
      const res = await h().call(path, body, admin);
      expect(res, `${path} ${JSON.stringify(body).slice(0, 120)}`).toMatchObject({ http, status: 0, msg, data: null });
    }
    expect(await snapshot(h())).toEqual(before);
    // Not JSON at all: still a catalogued 400.
    const raw = await h().app.inject({
      method: 'POST',
      url: '/api/vue/admin/staff/create',
      headers: { 'content-type': 'application/json', ...admin },
      payload: '{"account": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ status: 0, msg: errorKeys.request.invalid });
    expect(await snapshot(h())).toEqual(before);
  });
});
