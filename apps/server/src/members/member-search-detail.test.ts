import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { staffRoles } from '@kabuto/contracts/fields';
import { postEntry } from '@kabuto/db/ledger';
import { Decimal } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import type { Currency } from '@kabuto/domain/currency';
import { describeEachDatabase } from '../test/harness.ts';
import { recordCreditEvent } from '../credit/credit-score.service.ts';
import { verifiedMember } from '../verification/real-name-fixtures.ts';

interface Summary {
  memberId: string;
  account: string;
  realName: string | null;
  realNameStatus: string;
  role: string | null;
}
interface Detail {
  member: Summary;
  balances: { currency: string; available: string; frozen: string; margin: string; loan: string }[];
  restrictions: unknown[];
  creditScore: number;
  timeline: {
    entryId: string;
    kind: string;
    reason: string;
    refType: string;
    refId: string;
    at: string;
    lines: { currency: string; book: string; amount: string }[];
  }[];
}

describeEachDatabase('member search and detail', (h) => {
  const admin = () => h().signIn(h().seed.staffAccount, h().seed.staffPassword);
  const search = async (q: string, headers?: Record<string, string>) =>
    h().call<Summary[]>('admin/members/search', { q }, headers ?? (await admin()));
  const detail = async (memberId: string, headers?: Record<string, string>) =>
    h().call<Detail>('admin/members/detail', { memberId }, headers ?? (await admin()));
  const idOf = async (account: string) =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;
  /** Money moved in through the ledger, as a deposit approval would. */
  const credit = (memberId: string, currency: Currency, amount: string, refId: string, at: Date) =>
    h().db.transaction((tx) =>
      postEntry(tx, {
        kind: 'deposit',
        reason: 'ledger.depositApproved',
        refType: 'deposit',
        refId,
        at,
        lines: transfer(
          { house: 'bank_clearing' },
          { member: memberId, book: 'available' },
          currency,
          new Decimal(amount),
        ),
      }),
    );

  it('finds a member by account prefix, real-name substring or invitation code', async () => {
    const m = await verifiedMember(h(), 'コバヤシ サクラ');
    const inviteCode = (await h().call<{ inviteCode: string }>('user/info', {}, m.headers)).data.inviteCode;
    const expected = {
      memberId: await idOf(m.account),
      account: m.account,
      realName: 'コバヤシ サクラ',
      realNameStatus: 'verified',
      role: null,
    };
    for (const q of [
      m.account,
      m.account.slice(0, 8),
      'サクラ',
      'コバヤシ',
      inviteCode,
      inviteCode.toLowerCase(),
      ` ${m.account} `,
    ]) {
      const res = await search(q);
      expect(res, q).toMatchObject({ http: 200, status: 1 });
      expect(res.data, q).toContainEqual(expect.objectContaining(expected));
    }
    for (const q of [m.account.slice(1), 'ヤマモト', '9999999999']) {
      expect(
        (await search(q)).data.map((s) => s.account),
        q,
      ).not.toContain(m.account);
    }
  });

  it('treats LIKE wildcards literally and answers at most 50, newest first', async () => {
    await h().member();
    expect((await search('%')).data).toEqual([]);
    expect((await search('_')).data).toEqual([]);
    const all = await search('');
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.length).toBeLessThanOrEqual(50);
    for (let i = 0; i < 52; i++)
      await h().db.query(
        `INSERT INTO members (account, password_hash, invite_code, invited_with) VALUES ($1, 'x', $2, 'test')`,
        [`77${String(i).padStart(8, '0')}`, `S${randomUUID().slice(0, 8)}`],
      );
    expect((await search('77')).data).toHaveLength(50);
    expect((await search('')).data).toHaveLength(50);
  });

  it('shows balances per currency and book, credit score, restrictions and the journal entries with the member’s lines', async () => {
    const m = await verifiedMember(h());
    const id = await idOf(m.account);
    const t0 = h().clock.now();
    await credit(id, 'JPY', '150000', 'dep-1', new Date(t0.getTime() + 1000));
    await credit(id, 'USD', '25.5', 'dep-2', new Date(t0.getTime() + 2000));
    await h().db.transaction((tx) =>
      postEntry(tx, {
        kind: 'withdrawal_request',
        reason: 'ledger.withdrawalRequested',
        refType: 'withdrawal',
        refId: 'w-1',
        at: new Date(t0.getTime() + 3000),
        lines: transfer({ member: id, book: 'available' }, { member: id, book: 'frozen' }, 'JPY', new Decimal('20000')),
      }),
    );
    await recordCreditEvent(h().db, {
      memberId: id,
      rule: 'depositApproved',
      refType: 'deposit',
      refId: 'dep-1',
      at: t0,
    });
    await h().call(
      'admin/members/restrict',
      { memberId: id, kind: 'no_trading', reason: 'Pending review' },
      await admin(),
    );
    // Another member's money does not show.
    const other = await h().member();
    await credit(await idOf(other.account), 'JPY', '999', 'dep-other', t0);

    const res = await detail(id);
    expect(res).toMatchObject({ http: 200, status: 1 });
    expect(res.data.member).toMatchObject({
      memberId: id,
      account: m.account,
      realName: 'ヤマダ タロウ',
      realNameStatus: 'verified',
    });
    expect(res.data.balances).toEqual([
      { currency: 'JPY', available: '130000', frozen: '20000', margin: '0', loan: '0' },
      { currency: 'USD', available: '25.5', frozen: '0', margin: '0', loan: '0' },
    ]);
    expect(res.data.creditScore).toBe(92);
    expect(res.data.restrictions).toEqual([expect.objectContaining({ kind: 'no_trading', liftedAt: null })]);
    expect(res.data.timeline.map((e) => e.refId)).toEqual(['w-1', 'dep-2', 'dep-1']);
    expect(res.data.timeline[0]).toMatchObject({
      kind: 'withdrawal_request',
      reason: 'ledger.withdrawalRequested',
      refType: 'withdrawal',
      lines: [
        { currency: 'JPY', book: 'available', amount: '-20000' },
        { currency: 'JPY', book: 'frozen', amount: '20000' },
      ],
    });
    // House lines are not the member's and are left out.
    expect(res.data.timeline[2]?.lines).toEqual([{ currency: 'JPY', book: 'available', amount: '150000' }]);
  });

  it('lists only the last 50 journal entries', async () => {
    const m = await h().member();
    const id = await idOf(m.account);
    const t0 = h().clock.now();
    for (let i = 1; i <= 55; i++) await credit(id, 'JPY', '1', `e${i}`, new Date(t0.getTime() + i * 1000));
    const res = await detail(id);
    expect(res.data.timeline).toHaveLength(50);
    expect(res.data.timeline[0]?.refId).toBe('e55');
    expect(res.data.timeline[49]?.refId).toBe('e6');
    expect(res.data.balances[0]).toMatchObject({ currency: 'JPY', available: '55' });
  });

  it('shows a new member with zero JPY balances, score 80 and nothing else', async () => {
    const m = await h().member();
    expect((await detail(await idOf(m.account))).data).toMatchObject({
      balances: [{ currency: 'JPY', available: '0', frozen: '0', margin: '0', loan: '0' }],
      creditScore: 80,
      restrictions: [],
      timeline: [],
    });
  });

  it('answers 404 memberNotFound for an unknown member', async () => {
    for (const memberId of [randomUUID(), 'nobody', '0900000000']) {
      expect(await detail(memberId), memberId).toMatchObject({
        http: 404,
        status: 0,
        msg: errorKeys.admin.memberNotFound,
        data: null,
      });
    }
  });

  it('opens search and detail to every staff role and to no member', async () => {
    const target = await h().member();
    const id = await idOf(target.account);
    for (const role of staffRoles) {
      const s = await h().member();
      await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [s.account, role]);
      // Issue 27: a staff member's calls wait until two-step sign-in is on.
      if (role) await h().staffCodes.enrol(s.headers);
      expect(await search(target.account, s.headers), role).toMatchObject({ http: 200, status: 1 });
      expect(await detail(id, s.headers), role).toMatchObject({ http: 200, status: 1 });
    }
    for (const extra of [{}, { 'is-admin': '1' }, { 'is-admin': 'true' }] as Record<string, string>[]) {
      expect(await search(target.account, { ...target.headers, ...extra })).toMatchObject({
        http: 403,
        msg: errorKeys.auth.forbidden,
      });
      expect(await detail(id, { ...target.headers, ...extra })).toMatchObject({
        http: 403,
        msg: errorKeys.auth.forbidden,
      });
    }
  });
});
