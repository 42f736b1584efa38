import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

describeEachDatabase('sign out', (h) => {
  it('ends only the session it was called with', async () => {
    const m = await h().member();
    const other = await h().signIn(m.account, m.password);
    const out = await h().call('user/logout', {}, m.headers);
    expect(out).toMatchObject({ http: 200, status: 1, msg: 'success.logout', data: null });
    expect(await h().call('user/info', {}, m.headers)).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
    });
    expect(await h().call('user/info', {}, other)).toMatchObject({
      http: 200,
      status: 1,
      data: { account: m.account },
    });
  });

  it('records when the session ended and leaves other members alone', async () => {
    const a = await h().member();
    const b = await h().member();
    await h().call('user/logout', {}, a.headers);
    const rows = await h().db.query<{ account: string; ended: boolean }>(
      `SELECT m.account, s.ended_at IS NOT NULL AS ended FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.account = ANY($1) ORDER BY m.account`,
      [[a.account, b.account]],
    );
    expect(rows).toEqual([
      { account: a.account, ended: true },
      { account: b.account, ended: false },
    ]);
    expect(await h().call('user/info', {}, b.headers)).toMatchObject({ http: 200, status: 1 });
  });

  it('asks for a sign-in when called without a session or twice', async () => {
    const m = await h().member();
    expect(await h().call('user/logout', {}, {})).toMatchObject({ http: 401, status: 0, msg: errorKeys.auth.required });
    await h().call('user/logout', {}, m.headers);
    expect(await h().call('user/logout', {}, m.headers)).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
    });
  });
});
