import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { reconcile } from '@kabuto/db/ledger';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { balanceOf, firstChannelId, fund, verifiedMember } from '../test/money-fixtures.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';

/** A second staff member with the reviewer role (staff accounts have no self-service; roles are set by operators). */
async function reviewer(h: Harness) {
  const m = await h.member();
  await h.db.query(`UPDATE members SET staff_role = 'reviewer' WHERE account = $1`, [m.account]);
  // Issue 27: a staff member's calls wait until two-step sign-in is on.
  await h.staffCodes.enrol(m.headers);
  return { ...m, headers: await h.signIn(m.account, m.password) };
}

async function deposit(h: Harness, headers: Record<string, string>, amount: string): Promise<string> {
  const receipt = await uploadImage(h.app, headers, 'deposit_receipt');
  const dep = await h.call<{ id: string }>(
    'user/deposit/create',
    { channelId: await firstChannelId(h, headers), amount, receiptImageId: receipt },
    headers,
  );
  if (dep.status !== 1) throw new Error(`deposit failed: ${dep.msg}`);
  return dep.data.id;
}

const auditActions = async (h: Harness, target: string) =>
  (
    await h.db.query<{ action: string; account: string }>(
      `SELECT a.action, m.account FROM audit_log a JOIN members m ON m.id = a.actor_id WHERE a.target = $1 ORDER BY a.id`,
      [target],
    )
  ).map((r) => `${r.account}:${r.action}`);

describeEachDatabase(
  'one review lifecycle: nobody decides their own case; four eyes above the threshold',
  (h) => {
    it('refuses a staff member approving their own deposit, and no money moves', async () => {
      const staff = await staffHeaders(h());
      const id = await deposit(h(), staff, '90000');
      const own = await h().call(
        'admin/deposits/decide',
        { id, decision: 'approve', reason: 'my own transfer' },
        staff,
      );
      expect(own).toMatchObject({ http: 403, status: 0, msg: errorKeys.review.ownCase });
      expect(await balanceOf(h(), staff)).toEqual({ available: '0', frozen: '0' });
      // Rejecting one's own case is refused too: the decision belongs to someone else.
      expect(await h().call('admin/deposits/decide', { id, decision: 'reject', reason: 'hm' }, staff)).toMatchObject({
        http: 403,
        msg: errorKeys.review.ownCase,
      });
      const other = await reviewer(h());
      expect(
        await h().call('admin/deposits/decide', { id, decision: 'approve', reason: 'transfer seen' }, other.headers),
      ).toMatchObject({ http: 200, data: { status: 'approved' } });
      expect((await balanceOf(h(), staff)).available).toBe('90000');
    });

    it('refuses a reviewer deciding their own withdrawal', async () => {
      const m = await verifiedMember(h());
      await fund(h(), m, '50000', m.staff);
      await h().db.query(`UPDATE members SET staff_role = 'reviewer' WHERE account = $1`, [m.account]);
      // Issue 27: a staff member's calls wait until two-step sign-in is on.
      await h().staffCodes.enrol(m.headers);
      const own = await h().signIn(m.account, m.password);
      const w = await h().call<{ id: string }>(
        'user/withdraw/create',
        // Two-step sign-in is on (staff must use it), so the withdrawal carries a code.
        {
          amount: '20000',
          fundPassword: m.pin,
          bankCardId: m.cardId,
          twoFactorCode: h().staffCodes.nextCode(m.account),
        },
        own,
      );
      expect(w.status).toBe(1);
      expect(
        await h().call(
          'admin/withdrawals/decide',
          { id: w.data.id, decision: 'approve', reason: 'paying myself' },
          own,
        ),
      ).toMatchObject({ http: 403, msg: errorKeys.review.ownCase });
      expect(await balanceOf(h(), own)).toEqual({ available: '30000', frozen: '20000' });
    });

    it('holds a large deposit until a second, different reviewer approves; both decisions are audited', async () => {
      const m = await h().member();
      const admin = await staffHeaders(h());
      const second = await reviewer(h());
      const id = await deposit(h(), m.headers, '2000000');
      const queued = await h().call<{
        items: { id: string; orderNo: string; approvalsRequired: number; approvals: number }[];
      }>('admin/deposits/list', { pageSize: 100 }, admin);
      const item = queued.data.items.find((i) => i.id === id);
      expect(item).toMatchObject({ approvals: 0, approvalsRequired: 2 });

      const first = await h().call(
        'admin/deposits/decide',
        { id, decision: 'approve', reason: 'transfer seen' },
        admin,
      );
      expect(first).toMatchObject({ http: 200, data: { status: 'pending', approvals: 1, approvalsRequired: 2 } });
      expect(await balanceOf(h(), m.headers)).toEqual({ available: '0', frozen: '0' });
      expect(
        await h().call('admin/deposits/decide', { id, decision: 'approve', reason: 'again' }, admin),
      ).toMatchObject({ http: 409, msg: errorKeys.review.alreadyDecidedByYou });

      const final = await h().call(
        'admin/deposits/decide',
        { id, decision: 'approve', reason: 'checked the statement' },
        second.headers,
      );
      expect(final).toMatchObject({ http: 200, data: { status: 'approved', approvals: 2, approvalsRequired: 2 } });
      expect((await balanceOf(h(), m.headers)).available).toBe('2000000');
      expect(await auditActions(h(), item?.orderNo ?? '')).toEqual([
        `${h().seed.staffAccount}:deposit.firstApproval`,
        `${second.account}:deposit.approve`,
      ]);
      expect(await h().call('admin/deposits/decide', { id, decision: 'reject', reason: 'late' }, admin)).toMatchObject({
        http: 409,
        msg: errorKeys.order.notInReview,
      });
      expect((await reconcile(h().db)).ok).toBe(true);
    });

    it('lets the second reviewer reject after a first approval: the frozen withdrawal returns to available', async () => {
      const m = await verifiedMember(h());
      const admin = m.staff;
      await fund(h(), m, '900000', admin);
      await fund(h(), m, '900000', admin);
      const second = await reviewer(h());
      const w = await h().call<{ id: string }>(
        'user/withdraw/create',
        { amount: '1000000', fundPassword: m.pin, bankCardId: m.cardId },
        m.headers,
      );
      expect(w.status).toBe(1);
      expect(
        await h().call(
          'admin/withdrawals/decide',
          { id: w.data.id, decision: 'approve', reason: 'card matches' },
          admin,
        ),
      ).toMatchObject({ data: { status: 'pending' } });
      expect(await balanceOf(h(), m.headers)).toEqual({ available: '800000', frozen: '1000000' });
      expect(
        await h().call(
          'admin/withdrawals/decide',
          { id: w.data.id, decision: 'reject', reason: 'unusual amount; call the member' },
          second.headers,
        ),
      ).toMatchObject({ data: { status: 'rejected' } });
      expect(await balanceOf(h(), m.headers)).toEqual({ available: '1800000', frozen: '0' });
      expect((await reconcile(h().db)).ok).toBe(true);
    });

    it('decides a small deposit with one approval', async () => {
      const m = await h().member();
      const id = await deposit(h(), m.headers, '999999');
      expect(
        await h().call('admin/deposits/decide', { id, decision: 'approve', reason: 'ok' }, await staffHeaders(h())),
      ).toMatchObject({ data: { status: 'approved', approvalsRequired: 1 } });
    });

    it('lets two simultaneous first approvals by one reviewer count once', async () => {
      const m = await h().member();
      const id = await deposit(h(), m.headers, '1000000');
      const admin = await staffHeaders(h());
      const both = await Promise.all(
        [1, 2].map(() => h().call('admin/deposits/decide', { id, decision: 'approve', reason: 'seen' }, admin)),
      );
      expect(both.map((r) => r.http).sort()).toEqual([200, 409]);
      expect(await balanceOf(h(), m.headers)).toEqual({ available: '0', frozen: '0' });
    });

    it('keeps the decision log append-only and looks ids up by their real type', async () => {
      await expect(h().db.query(`UPDATE review_decisions SET reason = 'edited'`)).rejects.toThrow(/append-only/);
      const admin = await staffHeaders(h());
      for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
        expect(
          await h().call('admin/deposits/decide', { id, decision: 'approve', reason: 'looks fine' }, admin),
        ).toMatchObject({ http: 404, msg: errorKeys.order.notExist });
      }
      for (const id of ['abc', '99999999', '00000000-0000-0000-0000-000000000000']) {
        expect(
          await h().call('admin/realName/decide', { id, decision: 'approve', reason: 'looks fine' }, admin),
        ).toMatchObject({ http: 404, msg: errorKeys.order.notExist });
      }
    });
  },
  { fourEyesThresholdJpy: '1000000' },
);
