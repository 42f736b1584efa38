import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { pendingSubmissionId, staffHeaders, submitRealName } from '../verification/real-name-fixtures.ts';

// DESIGN "API conventions": `is-admin` never grants anything; staff rights come from the stored role.
describeEachDatabase('staff calls closed to members', (h) => {
  it('refuses a member every back-office call of this area with valid bodies, whatever headers they add, and changes nothing', async () => {
    const staff = await staffHeaders(h());
    const applicant = await h().member();
    await submitRealName(h(), applicant.headers);
    const submissionId = await pendingSubmissionId(h(), staff, applicant.account);
    const [target] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [
      applicant.account,
    ]);
    const memberId = target?.id as string;
    const channel = {
      name: 'Evil',
      bankName: 'Evil Bank',
      branchName: 'X',
      accountType: 'ordinary',
      accountNumber: '1111111',
      accountHolder: 'Evil',
      min: '1',
      max: '2',
      windowRule: 'always',
      active: true,
    };
    const calls: [string, unknown][] = [
      ['admin/realName/list', { status: 'pending' }],
      ['admin/realName/decide', { id: submissionId, decision: 'approve', reason: 'self-service' }],
      ['admin/queues/counts', {}],
      ['admin/channels/list', {}],
      ['admin/channels/save', channel],
      ['admin/withdrawalLimits/get', {}],
      ['admin/withdrawalLimits/save', { min: '1', max: '100000000', windowRule: 'always' }],
      ['admin/members/search', { q: '' }],
      ['admin/members/detail', { memberId }],
      ['admin/members/restrict', { memberId, kind: 'frozen', reason: 'griefing' }],
      ['admin/members/lift', { memberId, kind: 'frozen', reason: 'griefing' }],
    ];
    const snapshot = async () =>
      h().db.query(
        `SELECT (SELECT count(*) FROM audit_log WHERE action <> 'staff.signIn')::text AS audit, (SELECT count(*) FROM deposit_channels)::text AS channels,
                (SELECT count(*) FROM member_restrictions)::text AS restrictions, (SELECT string_agg(value, ',' ORDER BY name) FROM settings WHERE name LIKE 'withdraw.%') AS limits,
                (SELECT status FROM real_name_submissions WHERE id = $1) AS submission`,
        [submissionId],
      );
    const before = await snapshot();
    const attacker = await h().member();
    for (const [path, body] of calls) {
      for (const extra of [
        {},
        { 'is-admin': '1' },
        { 'is-admin': 'true' },
        { 'is-admin': 'admin', role: 'admin', 'x-staff-role': 'admin' },
      ] as Record<string, string>[]) {
        expect(
          await h().call(path, body, { ...attacker.headers, ...extra }),
          `${path} ${JSON.stringify(extra)}`,
        ).toMatchObject({
          http: 403,
          status: 0,
          msg: errorKeys.auth.forbidden,
          data: null,
        });
      }
      // Claiming the staff account with the member's token is a mismatch, not a way in.
      expect(
        await h().call(path, body, {
          token: attacker.headers.token as string,
          account: h().seed.staffAccount,
          'is-admin': '1',
        }),
        path,
      ).toMatchObject({
        http: 401,
        msg: errorKeys.auth.accountMismatch,
      });
      expect(await h().call(path, body, { 'is-admin': '1', account: h().seed.staffAccount }), path).toMatchObject({
        http: 401,
        msg: errorKeys.auth.required,
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});
