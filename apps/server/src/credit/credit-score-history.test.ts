import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { verifiedMember } from '../verification/real-name-fixtures.ts';
import { creditScoreOf, recordCreditEvent } from './credit-score.service.ts';

interface Report {
  score: number;
  threshold: number;
  base: number;
  rules: { rule: string; delta: number }[];
  history: { delta: number; rule: string; at: string }[];
}

// DESIGN: the credit score is computed by published rules and every change has a reason the member can read.
describeEachDatabase('credit score history', (h) => {
  const report = (headers: Record<string, string>) => h().call<Report>('user/creditScore', {}, headers);
  const memberId = async (account: string) =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;

  it('starts at the base of 80 with the threshold, the published rules and no history', async () => {
    const m = await h().member();
    expect(await report(m.headers)).toMatchObject({
      http: 200,
      status: 1,
      data: {
        score: 80,
        threshold: 60,
        base: 80,
        rules: [
          { rule: 'realNameVerified', delta: 10 },
          { rule: 'depositApproved', delta: 2 },
          { rule: 'depositRejected', delta: -10 },
        ],
        history: [],
      },
    });
  });

  it('lists every change with its rule, delta and time, newest first, and sums them on the base', async () => {
    const m = await verifiedMember(h());
    const id = await memberId(m.account);
    const t0 = h().clock.now();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    await recordCreditEvent(h().db, {
      memberId: id,
      rule: 'depositApproved',
      refType: 'deposit',
      refId: 'd1',
      at: at(1),
    });
    await recordCreditEvent(h().db, {
      memberId: id,
      rule: 'depositApproved',
      refType: 'deposit',
      refId: 'd2',
      at: at(2),
    });
    await recordCreditEvent(h().db, {
      memberId: id,
      rule: 'depositRejected',
      refType: 'deposit',
      refId: 'd3',
      at: at(3),
    });
    const r = await report(m.headers);
    expect(r.data.score).toBe(80 + 10 + 2 + 2 - 10);
    expect(r.data.history).toEqual([
      { rule: 'depositRejected', delta: -10, at: at(3).toISOString() },
      { rule: 'depositApproved', delta: 2, at: at(2).toISOString() },
      { rule: 'depositApproved', delta: 2, at: at(1).toISOString() },
      { rule: 'realNameVerified', delta: 10, at: t0.toISOString() },
    ]);
    expect(await creditScoreOf(h().db, id)).toEqual({ score: 84, threshold: 60 });
  });

  it('records an event once per rule and business row, however often it is retried', async () => {
    const m = await h().member();
    const id = await memberId(m.account);
    for (let i = 0; i < 3; i++)
      await recordCreditEvent(h().db, {
        memberId: id,
        rule: 'depositRejected',
        refType: 'deposit',
        refId: 'same',
        at: h().clock.now(),
      });
    await h().db.transaction((tx) =>
      recordCreditEvent(tx, {
        memberId: id,
        rule: 'depositRejected',
        refType: 'deposit',
        refId: 'same',
        at: h().clock.now(),
      }),
    );
    expect((await report(m.headers)).data).toMatchObject({
      score: 70,
      history: [expect.objectContaining({ rule: 'depositRejected' })],
    });
    expect((await report(m.headers)).data.history).toHaveLength(1);
  });

  it('never goes below 0, and falls under the withdrawal threshold after three rejected deposits', async () => {
    const m = await h().member();
    const id = await memberId(m.account);
    for (let i = 1; i <= 3; i++)
      await recordCreditEvent(h().db, {
        memberId: id,
        rule: 'depositRejected',
        refType: 'deposit',
        refId: `r${i}`,
        at: h().clock.now(),
      });
    expect(await creditScoreOf(h().db, id)).toEqual({ score: 50, threshold: 60 });
    for (let i = 4; i <= 12; i++)
      await recordCreditEvent(h().db, {
        memberId: id,
        rule: 'depositRejected',
        refType: 'deposit',
        refId: `r${i}`,
        at: h().clock.now(),
      });
    expect((await report(m.headers)).data.score).toBe(0);
  });

  it('shows each member only their own history, and needs a sign-in', async () => {
    const a = await verifiedMember(h());
    const b = await h().member();
    expect((await report(a.headers)).data.history).toHaveLength(1);
    expect((await report(b.headers)).data).toMatchObject({ score: 80, history: [] });
    expect(await report({})).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await report({ ...b.headers, account: a.account })).toMatchObject({
      http: 401,
      msg: errorKeys.auth.accountMismatch,
    });
  });
});
