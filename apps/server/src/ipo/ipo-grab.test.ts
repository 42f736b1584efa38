import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { IpoEntry, IpoGrab, Offering } from '@kabuto/contracts/ipo/offerings';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { verifiedFundedMember } from '../test/money-fixtures.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { books, expectReconciled } from '../trading/trade-fixtures.ts';
import { jobRunner } from '../platform/public.ts';
import { ipoJob } from './public.ts';

const minute = 60_000;
let codeCounter = 0;
/** A code no listed stock has (the universe is numeric; these end in a letter). */
const nextCode = (): string => `8${String(100 + codeCounter++).slice(-2)}Y`;

type Subscriber = { account: string; password: string; headers: Record<string, string> };

const subscriber = (h: Harness, staff: Record<string, string>): Promise<Subscriber> =>
  verifiedFundedMember(h, staff, '500000');

type Detail = Offering & { mine: IpoEntry | null; myGrab: IpoGrab | null };
const detail = async (h: Harness, m: Subscriber, id: string) =>
  (await h.call<Detail>('market/ipo/detail', { id }, m.headers)).data;

describeEachDatabase('grab shares: lapsed wins re-offered first come first served (issue 25)', (h) => {
  it('serves non-winners once each up to the lapsed shares, publishes the order, and never oversells', async () => {
    await h().platform.jobs.stop();
    const jobs = jobRunner({ db: h().db, clock: h().clock, leader: h().platform.leader, runner: 'ipo-grab' });
    jobs.register(ipoJob(h().db));
    let staff = await staffHeaders(h());
    const at = (ms: number) => new Date(h().clock.now().getTime() + ms).toISOString();
    const created = await h().call<Offering>(
      'admin/ipo/create',
      {
        code: nextCode(),
        nameJp: 'カブト補欠',
        nameEn: 'Kabuto Hoketsu',
        nameTw: '兜補缺',
        price: '1000',
        sharesOnOffer: '200',
        opensAt: at(minute),
        closesAt: at(60 * minute),
        drawAt: at(120 * minute),
        payBy: at(24 * 60 * minute),
        listsAt: at(72 * 60 * minute),
        lockUpUntil: null,
        reason: 'Underwriting agreement signed',
      },
      staff,
    );
    expect(created.status).toBe(1);
    const o = created.data;
    const members = await Promise.all(Array.from({ length: 6 }, () => subscriber(h(), staff)));
    const outsider = await subscriber(h(), staff);
    h().clock.advance(2 * minute);
    for (const m of members)
      expect((await h().call('market/ipo/subscribe', { id: o.id, shares: '100' }, m.headers)).status).toBe(1);
    const signInAll = async () => {
      for (const m of [...members, outsider]) m.headers = await h().signIn(m.account, m.password);
      staff = await staffHeaders(h());
    };
    h().clock.advance(120 * minute);
    await signInAll();
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    const entries = await Promise.all(members.map(async (m) => (await detail(h(), m, o.id)).mine));
    const winners = members.filter((_, i) => entries[i]?.status === 'won');
    const losers = members.filter((_, i) => entries[i]?.status === 'notWon');
    expect([winners.length, losers.length]).toEqual([2, 4]);

    // Before the lapse there is nothing to re-offer.
    const window = {
      id: o.id,
      opensAt: at(25 * 60 * minute),
      closesAt: at(26 * 60 * minute),
      reason: 'Re-offer lapsed wins',
    };
    expect((await h().call('admin/ipo/grabWindow', window, staff)).msg).toBe(errorKeys.ipo.notLapsed);
    // Nobody pays: both wins lapse at the deadline.
    h().clock.advance(24 * 60 * minute);
    await signInAll();
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    const bad: [Record<string, unknown>, string][] = [
      [{ closesAt: window.opensAt }, errorKeys.ipo.grabTimesOutOfOrder],
      [{ closesAt: at(80 * 60 * minute) }, errorKeys.ipo.grabTimesOutOfOrder],
      [{ opensAt: at(-120 * minute), closesAt: at(-minute) }, errorKeys.ipo.timesInPast],
      [{ opensAt: 'soon' }, errorKeys.request.invalid],
      [{ reason: '' }, errorKeys.admin.reasonRequired],
    ];
    for (const [over, key] of bad)
      expect((await h().call('admin/ipo/grabWindow', { ...window, ...over }, staff)).msg).toBe(key);
    const member0 = members[0]!;
    expect((await h().call('admin/ipo/grabWindow', window, { ...member0.headers, 'is-admin': '1' })).http).toBe(403);
    const set = await h().call<Offering>('admin/ipo/grabWindow', { ...window, opensAt: at(minute) }, staff);
    expect(set.status).toBe(1);
    expect(set.data.grab).toMatchObject({ shares: '200', taken: '0', phase: 'notYetOpen' });
    expect((await h().call('admin/ipo/grabWindow', window, staff)).msg).toBe(errorKeys.ipo.grabAlreadySet);

    const grab = (m: Subscriber) =>
      h().call<{ result: string; grab: IpoGrab | null }>('market/ipo/grab', { id: o.id }, m.headers);
    expect((await grab(losers[0]!)).msg).toBe(errorKeys.ipo.notGrabTime);
    h().clock.advance(2 * minute);
    // Only members who entered and did not win may press.
    expect((await grab(winners[0]!)).msg).toBe(errorKeys.ipo.grabNotEligible);
    expect((await grab(outsider)).msg).toBe(errorKeys.ipo.grabNotEligible);
    const before = await Promise.all(losers.map((m) => books(h(), m)));
    // Four non-winners press at once (one of them three times) for two units: two served, the rest sold out.
    const presses = await Promise.all([...losers, losers[0]!, losers[0]!].map((m) => grab(m)));
    const served = presses.filter((p) => p.status === 1 && p.data.result === 'won');
    expect(served).toHaveLength(2);
    expect(
      presses.every(
        (p) =>
          (p.status === 1 && ['won', 'soldOut'].includes(p.data.result)) ||
          p.msg === errorKeys.ipo.notInSubscriptionState,
      ),
    ).toBe(true);
    expect(served.map((p) => p.data.grab?.seq).sort()).toEqual([1, 2]);
    const after = await Promise.all(losers.map((m) => books(h(), m)));
    const paidBy = losers.filter((_, i) => before[i]!.available !== after[i]!.available);
    expect(paidBy).toHaveLength(2);
    const d = await detail(h(), paidBy[0]!, o.id);
    expect(d.grab).toMatchObject({ taken: '200', phase: 'soldOut' });
    expect(d.myGrab).toMatchObject({ shares: '100', amount: '100000' });
    const position = await h().call<PositionWire>(
      'trade/detail',
      { orderNo: d.myGrab?.positionOrderNo },
      paidBy[0]!.headers,
    );
    expect(position.data).toMatchObject({ origin: 'ipo', status: 'holding', quantity: '100', openPrice: '1000' });
    expect(position.data.saleRules).toContain('lockUp');
    const allotments = await h().call<{ items: { code: string; shares: string }[] }>(
      'user/allotments',
      {},
      paidBy[0]!.headers,
    );
    expect(allotments.data.items).toEqual([expect.objectContaining({ code: o.code, shares: '100' })]);
    // The serving order is published with masked accounts, in the order served.
    const order = await h().call<{ items: { seq: number; account: string }[] }>(
      'market/ipo/grabOrder',
      { id: o.id },
      outsider.headers,
    );
    expect(order.data.items.map((i) => i.seq)).toEqual([1, 2]);
    expect(order.data.items.every((i) => /^\d{2}\*{4}\d{4}$/.test(i.account))).toBe(true);
    const [sold] = await h().db.query<{ n: string }>(
      `SELECT coalesce(sum(shares), 0)::text AS n FROM ipo_grabs WHERE offering_id = $1`,
      [o.id],
    );
    expect(sold?.n).toBe('200');
    await expectReconciled(h());
  });
});
