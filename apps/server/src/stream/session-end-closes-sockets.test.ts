import { expect, it } from 'vitest';
import { streamCloseCodes } from '@kabuto/contracts/stream/messages';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund } from '../test/money-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { followingMember, streamServerFor } from '../test/stream-client.ts';

// Issue 17 §1: a socket lives no longer than the session it signed in with — sign-out, a password change and
// expiry each end it, so no member event reaches a phone that has signed out.

/** A deposit of the member (signed in with `headers`) that staff approve: one `funds.depositDecided` event. */
const decideDeposit = async (h: Harness, headers: Record<string, string>): Promise<void> => {
  await fund(h, { headers }, '15000', await staffHeaders(h));
};

const within = <T>(p: Promise<T>, ms = 5000): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

describeEachDatabase('a stream socket ends with its session', (h) => {
  const server = streamServerFor(h);

  it('sign-out closes the sockets of that session only; the phone still signed in keeps its events', async () => {
    const m = await h().member();
    const laptop = await h().signIn(m.account, m.password);
    const phone = await followingMember(server.url(), m);
    const desk = await followingMember(server.url(), { account: m.account, headers: laptop });
    await h().call('user/logout', {}, m.headers);
    expect(await within(phone.closed)).toBe(streamCloseCodes.unauthenticated);
    await decideDeposit(h(), laptop);
    const ev = await desk.next((x) => x.type === 'event' && x.event.type === 'funds.depositDecided');
    expect(ev.type).toBe('event');
    expect(phone.messages.filter((x) => x.type === 'event' && x.event.type === 'funds.depositDecided')).toEqual([]);
    desk.ws.close();
  });

  it('a password change closes every socket of the member', async () => {
    const m = await h().member();
    const other = await h().signIn(m.account, m.password);
    const a = await followingMember(server.url(), m);
    const b = await followingMember(server.url(), { account: m.account, headers: other });
    await h().call(
      'user/changePassword',
      { oldPassword: m.password, newPassword: 'efgh5678', confirmPassword: 'efgh5678' },
      m.headers,
    );
    expect(await within(a.closed)).toBe(streamCloseCodes.unauthenticated);
    expect(await within(b.closed)).toBe(streamCloseCodes.unauthenticated);
  });

  it('an expired session gets no further events: its socket is closed instead', async () => {
    const m = await h().member();
    const c = await followingMember(server.url(), m);
    h().clock.advance(13 * 3_600_000); // a session not "remembered" lasts 12 hours
    const staffing = await h().signIn(m.account, m.password);
    await decideDeposit(h(), staffing);
    expect(await within(c.closed)).toBe(streamCloseCodes.unauthenticated);
    expect(c.messages.filter((x) => x.type === 'event')).toEqual([]);
  });
});

// The relay looks on its own only once in ten minutes here: a socket that closes within seconds was closed by the
// nudge that ending the session sends after its commit, not by the relay's next look.
describeEachDatabase(
  'ending a session reaches open sockets at once, not at the relay’s next look',
  (h) => {
    const server = streamServerFor(h);

    it('sign-out', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), m);
      await h().call('user/logout', {}, m.headers);
      expect(await within(c.closed)).toBe(streamCloseCodes.unauthenticated);
    });

    it('a password change', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), m);
      await h().call(
        'user/changePassword',
        { oldPassword: m.password, newPassword: 'efgh5678', confirmPassword: 'efgh5678' },
        m.headers,
      );
      expect(await within(c.closed)).toBe(streamCloseCodes.unauthenticated);
    });

    it('a login ban by staff', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), m);
      const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
      const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
      const res = await h().call(
        'admin/members/restrict',
        { memberId: row?.id, kind: 'login_banned', reason: 'test' },
        staff,
      );
      expect(res.status).toBe(1);
      expect(await within(c.closed)).toBe(streamCloseCodes.unauthenticated);
    });
  },
  { platformIntervalMs: 600_000 },
);
