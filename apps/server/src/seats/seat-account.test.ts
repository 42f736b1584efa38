import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { SeatState } from '@kabuto/contracts/seats/seat-accounts';
import { describeEachDatabase } from '../test/harness.ts';
import { staffHeaders, verifiedMember } from '../verification/real-name-fixtures.ts';

describeEachDatabase('seat accounts: apply, staff decide through the review lifecycle (issue 25)', (h) => {
  it('needs a verified name, keeps one application waiting under 20 parallel tries, and approval gives the seat', async () => {
    const unverified = await h().member();
    expect((await h().call('user/seat/apply', {}, unverified.headers)).msg).toBe(errorKeys.verification.required);
    const m = await verifiedMember(h());
    expect((await h().call<SeatState>('user/seat/status', {}, m.headers)).data.status).toBe('none');
    const tries = await Promise.all(
      Array.from({ length: 20 }, () => h().call<SeatState>('user/seat/apply', {}, m.headers)),
    );
    expect(tries.filter((t) => t.status === 1)).toHaveLength(1);
    expect(tries.filter((t) => t.status === 0).every((t) => t.msg === errorKeys.order.pendingReviewExists)).toBe(true);
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM seat_applications s JOIN members m ON m.id = s.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(n?.n).toBe('1');

    const staff = await staffHeaders(h());
    const counts = await h().call<{ seats: number }>('admin/queues/counts', {}, staff);
    expect(counts.data.seats).toBeGreaterThanOrEqual(1);
    const queue = await h().call<{ items: { id: string; account: string; realName: string | null }[] }>(
      'admin/seat/list',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    const item = queue.data.items.find((i) => i.account === m.account);
    expect(item?.realName).toBe('ヤマダ タロウ');
    // A member, whatever header it sends, cannot decide; staff decide with a reason.
    expect(
      (
        await h().call(
          'admin/seat/decide',
          { id: item?.id, decision: 'approve', reason: 'ok' },
          { ...m.headers, 'is-admin': '1' },
        )
      ).http,
    ).toBe(403);
    const decided = await h().call<{ status: string }>(
      'admin/seat/decide',
      { id: item?.id, decision: 'approve', reason: 'Eligible: verified, funded' },
      staff,
    );
    expect(decided.data.status).toBe('approved');
    const state = await h().call<SeatState>('user/seat/status', {}, m.headers);
    expect(state.data).toMatchObject({ status: 'approved', remarks: 'Eligible: verified, funded' });
    expect((await h().call('user/seat/apply', {}, m.headers)).msg).toBe(errorKeys.seat.alreadySeat);
    expect(
      (await h().call('admin/seat/decide', { id: item?.id, decision: 'reject', reason: 'again' }, staff)).msg,
    ).toBe(errorKeys.order.notInReview);
    const [audit] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action = 'seat.approve' AND reason = 'Eligible: verified, funded'`,
    );
    expect(audit?.n).toBe('1');
    // Another member sees only their own state.
    const other = await verifiedMember(h());
    expect((await h().call<SeatState>('user/seat/status', {}, other.headers)).data.status).toBe('none');
  });

  it('refuses a staff member deciding their own application', async () => {
    const staff = await staffHeaders(h());
    // The staff account is a member too: verified (as staff would be), it applies, then tries to approve itself.
    await h().db.query(
      `UPDATE members SET real_name_status = 'verified', real_name = 'スタッフ イチロウ' WHERE account = $1`,
      [h().seed.staffAccount],
    );
    expect((await h().call<SeatState>('user/seat/apply', {}, staff)).data.status).toBe('pending');
    const queue = await h().call<{ items: { id: string; account: string }[] }>(
      'admin/seat/list',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    const own = queue.data.items.find((i) => i.account === h().seed.staffAccount);
    const answer = await h().call('admin/seat/decide', { id: own?.id, decision: 'approve', reason: 'me' }, staff);
    expect([answer.http, answer.msg]).toEqual([403, errorKeys.review.ownCase]);
    expect((await h().call<SeatState>('user/seat/status', {}, staff)).data.status).toBe('pending');
  });

  it('a rejection says why, and the member may apply again', async () => {
    const m = await verifiedMember(h());
    await h().call('user/seat/apply', {}, m.headers);
    const staff = await staffHeaders(h());
    const queue = await h().call<{ items: { id: string; account: string }[] }>(
      'admin/seat/list',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    const id = queue.data.items.find((i) => i.account === m.account)?.id;
    await h().call('admin/seat/decide', { id, decision: 'reject', reason: 'Trading history too short' }, staff);
    expect((await h().call<SeatState>('user/seat/status', {}, m.headers)).data).toMatchObject({
      status: 'rejected',
      remarks: 'Trading history too short',
    });
    expect((await h().call<SeatState>('user/seat/apply', {}, m.headers)).data.status).toBe('pending');
    for (const bad of ['not-a-uuid', '', 'x'.repeat(10_240)])
      expect(
        (await h().call('admin/seat/decide', { id: bad, decision: 'approve', reason: 'ok' }, staff)).http,
      ).toBeLessThan(500);
  });
});
