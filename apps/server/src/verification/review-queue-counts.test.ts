import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { staffRoles } from '@kabuto/contracts/fields';
import { describeEachDatabase } from '../test/harness.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { pendingSubmissionId, staffHeaders, submitRealName } from './real-name-fixtures.ts';

type Counts = {
  realName: number;
  deposits: number;
  withdrawals: number;
  seats: number;
  blocks: number;
  loans: number;
  daytrade: number;
};

describeEachDatabase('review queue counts', (h) => {
  const counts = async (headers?: Record<string, string>) =>
    h().call<Counts>('admin/queues/counts', {}, headers ?? (await staffHeaders(h())));
  const memberId = async (account: string) =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;

  it('counts pending real-name submissions, deposits and withdrawals, and only pending ones', async () => {
    const before = (await counts()).data;
    const a = await h().member();
    const b = await h().member();
    await submitRealName(h(), a.headers);
    await submitRealName(h(), b.headers);
    expect((await counts()).data).toEqual({ ...before, realName: before.realName + 2 });
    await h().call(
      'admin/realName/decide',
      {
        id: await pendingSubmissionId(h(), await staffHeaders(h()), b.account),
        decision: 'reject',
        reason: 'unreadable',
      },
      await staffHeaders(h()),
    );
    expect((await counts()).data.realName).toBe(before.realName + 1);

    // Money queues read the deposits and withdrawals tables.
    const aId = await memberId(a.account);
    const [channel] = await h().db.query<{ id: string }>(
      `INSERT INTO deposit_channels (name, bank_name, branch_name, account_type, account_number, account_holder, min_amount, max_amount)
       VALUES ('Queue test', 'Bank', 'Branch', 'ordinary', '1234567', 'Kabuto', 1000, 100000) RETURNING id`,
    );
    const receipt = await uploadImage(h().app, a.headers, 'deposit_receipt');
    for (const status of ['pending', 'pending', 'approved', 'rejected']) {
      await h().db.query(
        `INSERT INTO deposits (order_no, member_id, channel_id, currency, amount, reference_code, receipt_upload_id, status, created_at) VALUES ($1, $2, $3, 'JPY', 5000, 'K', $4, $5, now())`,
        [randomUUID(), aId, channel?.id as string, receipt, status],
      );
    }
    const [card] = await h().db.query<{ id: string }>(
      `INSERT INTO bank_cards (member_id, holder_name, bank_name, branch_name, branch_code, card_number, card_type, created_at)
       VALUES ($1, 'A', 'Bank', 'Branch', '001', '7654321', 'ordinary', now()) RETURNING id`,
      [aId],
    );
    for (const status of ['pending', 'approved']) {
      await h().db.query(
        `INSERT INTO withdrawals (order_no, member_id, bank_card_id, currency, amount, status, created_at) VALUES ($1, $2, $3, 'JPY', 5000, $4, now())`,
        [randomUUID(), aId, card?.id as string, status],
      );
    }
    expect((await counts()).data).toEqual({
      realName: before.realName + 1,
      deposits: before.deposits + 2,
      withdrawals: before.withdrawals + 1,
      seats: before.seats,
      blocks: before.blocks,
      loans: before.loans,
      daytrade: before.daytrade,
    });
  });

  it('opens the counts to every staff role and to no member', async () => {
    for (const role of staffRoles) {
      const m = await h().member();
      await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
      // Issue 27: a staff member's calls wait until two-step sign-in is on.
      if (role) await h().staffCodes.enrol(m.headers);
      expect(await counts(m.headers), role).toMatchObject({ http: 200, status: 1 });
    }
    const member = await h().member();
    expect(await counts({ ...member.headers, 'is-admin': '1' })).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.auth.forbidden,
    });
  });

  it('keeps one submission under review when two arrive at once', async () => {
    const m = await h().member();
    const upload = async () => ({
      frontImageId: await uploadImage(h().app, m.headers, 'id_front'),
      backImageId: await uploadImage(h().app, m.headers, 'id_back'),
    });
    const [x, y] = [await upload(), await upload()];
    const answers = await Promise.all(
      [x, y].map((images) =>
        h().call('user/realName/submit', { realName: 'ヤマダ タロウ', idNumber: 'AB1234567', ...images }, m.headers),
      ),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.http === 409)?.msg).toBe(errorKeys.verification.pending);
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM real_name_submissions s JOIN members m ON m.id = s.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(n?.n).toBe('1');
  });
});
