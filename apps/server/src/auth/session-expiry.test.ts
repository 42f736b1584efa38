import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

const second = 1000;
const hour = 3_600_000;
const day = 24 * hour;

describeEachDatabase('session expiry', (h) => {
  const signIn = async (account: string, password: string, remember: boolean) => {
    const res = await h().call<{ token: string }>('user/login', { account, password, remember, agree: true });
    expect(res.status).toBe(1);
    return { token: res.data.token, account };
  };

  it('ends a normal session after 12 hours', async () => {
    const m = await h().member();
    const headers = await signIn(m.account, m.password, false);
    h().clock.advance(12 * hour - second);
    expect(await h().call('user/info', {}, headers)).toMatchObject({ http: 200, status: 1 });
    h().clock.advance(second);
    expect(await h().call('user/info', {}, headers)).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
      data: null,
    });
  });

  it('keeps a remembered session for 30 days, not longer', async () => {
    const m = await h().member();
    const remembered = await signIn(m.account, m.password, true);
    const normal = await signIn(m.account, m.password, false);
    h().clock.advance(13 * hour);
    expect(await h().call('user/info', {}, normal)).toMatchObject({ http: 401, msg: errorKeys.auth.required });
    expect(await h().call('user/info', {}, remembered)).toMatchObject({ http: 200, status: 1 });
    h().clock.advance(30 * day - 13 * hour - second);
    expect(await h().call('user/info', {}, remembered)).toMatchObject({ http: 200, status: 1 });
    h().clock.advance(second);
    expect(await h().call('user/info', {}, remembered)).toMatchObject({
      http: 401,
      status: 0,
      msg: errorKeys.auth.required,
    });
  });

  it('treats an expired token on a public route as no token at all', async () => {
    const m = await h().member();
    const headers = await signIn(m.account, m.password, false);
    h().clock.advance(12 * hour);
    expect(await h().call('common/config', { type: 'all' }, headers)).toMatchObject({ http: 200, status: 1 });
  });

  it('lets the member sign in again after the session expired', async () => {
    const m = await h().member();
    await signIn(m.account, m.password, false);
    h().clock.advance(12 * hour);
    const fresh = await signIn(m.account, m.password, false);
    expect(await h().call('user/info', {}, fresh)).toMatchObject({
      http: 200,
      status: 1,
      data: { account: m.account },
    });
  });
});
