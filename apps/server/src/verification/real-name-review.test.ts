import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import { describeEachDatabase } from '../test/harness.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { pendingSubmissionId, staffHeaders, submitRealName } from './real-name-fixtures.ts';

interface Status {
  status: string;
  realName: string | null;
  idNumberMasked: string | null;
  reason: string | null;
  submittedAt: string | null;
}
interface ReviewItem {
  id: string;
  memberId: string;
  account: string;
  realName: string;
  idNumber: string;
  frontImageId: string;
  backImageId: string;
  status: string;
  reason: string;
  decidedAt: string | null;
}

// SPEC §4: real-name goes unverified → under review → verified; a rejection can be followed by a new submission.
describeEachDatabase('real-name review', (h) => {
  const status = (headers: Record<string, string>) => h().call<Status>('user/realName/status', {}, headers);
  const auditFor = async (action: string, target: string) => {
    const page = await h().call<{ items: AuditEntry[] }>(
      'admin/auditLog',
      { action, pageSize: 100 },
      await staffHeaders(h()),
    );
    return page.data.items.filter((e) => e.target === target);
  };

  it('starts unverified with nothing submitted', async () => {
    const m = await h().member();
    expect(await status(m.headers)).toMatchObject({
      http: 200,
      status: 1,
      data: { status: 'unverified', realName: null, idNumberMasked: null, reason: null, submittedAt: null },
    });
  });

  it('puts a submission under review, shows the member only the last 4 of the ID number, and refuses a second one', async () => {
    const m = await h().member();
    const res = await submitRealName(h(), m.headers, 'ヤマダ タロウ', 'AB1234567');
    expect(res).toMatchObject({ http: 200, status: 1, msg: 'success.submitted', data: { status: 'pending' } });
    const s = await status(m.headers);
    expect(s.data).toEqual({
      status: 'pending',
      realName: 'ヤマダ タロウ',
      idNumberMasked: '*****4567',
      reason: null,
      submittedAt: h().clock.now().toISOString(),
    });
    expect(JSON.stringify(s.data)).not.toContain('AB12');
    expect(await submitRealName(h(), m.headers)).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.verification.pending,
    });
    const info = await h().call<{ realNameStatus: string }>('user/info', {}, m.headers);
    expect(info.data.realNameStatus).toBe('pending');
  });

  it('shows staff the full ID number and both image ids, and approves: verified name, audit entry, +10 credit', async () => {
    const m = await h().member();
    await submitRealName(h(), m.headers, 'スズキ ハナコ', 'JP-99887766');
    const staff = await staffHeaders(h());
    const queue = await h().call<{ items: ReviewItem[]; total: number }>(
      'admin/realName/list',
      { pageSize: 100 },
      staff,
    );
    const item = queue.data.items.find((i) => i.account === m.account);
    expect(item).toMatchObject({
      realName: 'スズキ ハナコ',
      idNumber: 'JP-99887766',
      status: 'pending',
      decidedAt: null,
    });
    // Staff can open both images of the submission.
    for (const id of [item?.frontImageId, item?.backImageId]) {
      const img = await h().app.inject({
        method: 'POST',
        url: '/api/vue/upload/view',
        headers: { ...staff, 'content-type': 'application/json' },
        payload: JSON.stringify({ id }),
      });
      expect(img.statusCode).toBe(200);
    }
    const decided = await h().call(
      'admin/realName/decide',
      { id: item?.id, decision: 'approve', reason: 'documents match' },
      staff,
    );
    expect(decided).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.decided',
      data: { status: 'approved', approvals: 1, approvalsRequired: 1 },
    });
    expect((await status(m.headers)).data).toMatchObject({
      status: 'verified',
      realName: 'スズキ ハナコ',
      reason: null,
    });
    const [row] = await h().db.query<{ real_name: string; real_name_status: string }>(
      `SELECT real_name, real_name_status FROM members WHERE account = $1`,
      [m.account],
    );
    expect(row).toEqual({ real_name: 'スズキ ハナコ', real_name_status: 'verified' });
    expect(await auditFor('realName.approve', m.account)).toEqual([
      expect.objectContaining({
        actorAccount: h().seed.staffAccount,
        actorRole: 'admin',
        reason: 'documents match',
        requestId: decided.headers['x-request-id'],
      }),
    ]);
    const credit = await h().call<{ score: number; history: { rule: string; delta: number }[] }>(
      'user/creditScore',
      {},
      m.headers,
    );
    expect(credit.data.score).toBe(90);
    expect(credit.data.history).toEqual([expect.objectContaining({ rule: 'realNameVerified', delta: 10 })]);
    // Once verified: no new submission, and the decision cannot be taken twice.
    expect(await submitRealName(h(), m.headers)).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.verification.alreadyVerified,
    });
    expect(
      await h().call('admin/realName/decide', { id: item?.id, decision: 'reject', reason: 'changed my mind' }, staff),
    ).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.order.notInReview,
    });
    const approved = await h().call<{ items: ReviewItem[] }>(
      'admin/realName/list',
      { status: 'approved', pageSize: 100 },
      staff,
    );
    expect(approved.data.items.find((i) => i.id === item?.id)).toMatchObject({
      status: 'approved',
      reason: 'documents match',
      decidedAt: h().clock.now().toISOString(),
    });
  });

  it('rejects with a reason the member reads, then accepts a new submission', async () => {
    const m = await h().member();
    await submitRealName(h(), m.headers);
    const staff = await staffHeaders(h());
    const id = await pendingSubmissionId(h(), staff, m.account);
    const decided = await h().call(
      'admin/realName/decide',
      { id, decision: 'reject', reason: 'The back image is blurred' },
      staff,
    );
    expect(decided).toMatchObject({ http: 200, status: 1 });
    expect((await status(m.headers)).data).toMatchObject({
      status: 'rejected',
      reason: 'The back image is blurred',
      idNumberMasked: '*****4567',
    });
    const [row] = await h().db.query<{ real_name: string | null }>(`SELECT real_name FROM members WHERE account = $1`, [
      m.account,
    ]);
    expect(row?.real_name).toBeNull();
    expect(await auditFor('realName.reject', m.account)).toEqual([
      expect.objectContaining({ reason: 'The back image is blurred', actorRole: 'admin' }),
    ]);
    expect(
      await h().call('admin/realName/decide', { id, decision: 'approve', reason: 'second look' }, staff),
    ).toMatchObject({ http: 409, msg: errorKeys.order.notInReview });
    // No credit for a rejection.
    expect((await h().call<{ score: number }>('user/creditScore', {}, m.headers)).data.score).toBe(80);
    expect(await submitRealName(h(), m.headers, 'ヤマダ タロウ', 'AB7654321')).toMatchObject({ http: 200, status: 1 });
    expect((await status(m.headers)).data).toMatchObject({
      status: 'pending',
      reason: null,
      idNumberMasked: '*****4321',
    });
  });

  it('refuses images that are not the member’s own or not of the right purpose, and writes nothing', async () => {
    const a = await h().member();
    const b = await h().member();
    const aFront = await uploadImage(h().app, a.headers, 'id_front');
    const aBack = await uploadImage(h().app, a.headers, 'id_back');
    const bFront = await uploadImage(h().app, b.headers, 'id_front');
    const bBack = await uploadImage(h().app, b.headers, 'id_back');
    const receipt = await uploadImage(h().app, b.headers, 'deposit_receipt');
    const body = (frontImageId: string, backImageId: string) => ({
      realName: 'タナカ イチロウ',
      idNumber: 'X12345678',
      frontImageId,
      backImageId,
    });
    for (const [front, back] of [
      [aFront, aBack],
      [bFront, aBack],
      [aFront, bBack],
      [bBack, bFront],
      [receipt, bBack],
      [bFront, receipt],
    ]) {
      expect(await h().call('user/realName/submit', body(front as string, back as string), b.headers)).toMatchObject({
        http: 404,
        status: 0,
        msg: errorKeys.upload.notFound,
      });
    }
    const [count] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM real_name_submissions s JOIN members m ON m.id = s.member_id WHERE m.account = $1`,
      [b.account],
    );
    expect(count?.n).toBe('0');
    expect((await status(b.headers)).data.status).toBe('unverified');
    // Member B sees only their own status, never A's submission.
    await h().call('user/realName/submit', body(aFront, aBack), a.headers);
    expect((await status(b.headers)).data).toMatchObject({
      status: 'unverified',
      realName: null,
      idNumberMasked: null,
    });
  });

  it('answers not found for an unknown or malformed submission id', async () => {
    const staff = await staffHeaders(h());
    for (const id of ['999999999', 'abc', '1; DROP TABLE members', '99999999999999999999']) {
      expect(
        await h().call('admin/realName/decide', { id, decision: 'approve', reason: 'looks fine' }, staff),
        id,
      ).toMatchObject({
        http: 404,
        status: 0,
        msg: errorKeys.order.notExist,
      });
    }
  });

  it('needs a reason of at least two characters to decide', async () => {
    const m = await h().member();
    await submitRealName(h(), m.headers);
    const staff = await staffHeaders(h());
    const id = await pendingSubmissionId(h(), staff, m.account);
    expect(await h().call('admin/realName/decide', { id, decision: 'approve', reason: ' ' }, staff)).toMatchObject({
      http: 400,
      msg: errorKeys.admin.reasonRequired,
    });
    expect((await status(m.headers)).data.status).toBe('pending');
  });

  it('lets a reviewer decide, an auditor only read, support neither; nobody decides their own submission', async () => {
    const withRole = async (role: string) => {
      const m = await h().member();
      await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
      // Issue 27: a staff member's calls wait until two-step sign-in is on.
      if (role) await h().staffCodes.enrol(m.headers);
      return m;
    };
    const applicant = await h().member();
    await submitRealName(h(), applicant.headers);
    const id = await pendingSubmissionId(h(), await staffHeaders(h()), applicant.account);
    const [reviewer, auditor, support] = [
      await withRole('reviewer'),
      await withRole('auditor'),
      await withRole('support'),
    ];
    expect(await h().call('admin/realName/list', {}, auditor.headers)).toMatchObject({ http: 200, status: 1 });
    expect(await h().call('admin/realName/list', {}, support.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
    for (const who of [auditor, support]) {
      expect(
        await h().call('admin/realName/decide', { id, decision: 'approve', reason: 'fine by me' }, who.headers),
      ).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
    }
    // A reviewer who applies cannot approve themselves.
    await submitRealName(h(), reviewer.headers);
    const own = await pendingSubmissionId(h(), await staffHeaders(h()), reviewer.account);
    expect(
      await h().call('admin/realName/decide', { id: own, decision: 'approve', reason: 'it is me' }, reviewer.headers),
    ).toMatchObject({ http: 403, msg: errorKeys.review.ownCase });
    expect(
      await h().call('admin/realName/decide', { id, decision: 'approve', reason: 'documents match' }, reviewer.headers),
    ).toMatchObject({ http: 200, status: 1 });
    const entries = await auditFor('realName.approve', applicant.account);
    expect(entries).toEqual([expect.objectContaining({ actorAccount: reviewer.account, actorRole: 'reviewer' })]);
  });
});
