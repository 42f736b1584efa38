import { expect, it } from 'vitest';
import { Decimal, money } from '@kabuto/domain/money';
import { errorKeys } from '@kabuto/contracts/errors';
import type { Follow, Mirror, Strategy } from '@kabuto/contracts/copy/copy-trading';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { fund } from '../test/money-fixtures.ts';
import { waitFor } from '../test/wait-for.ts';
import { books, expectReconciled, place, type Member } from '../trading/trade-fixtures.ts';
import { reconcileFollows } from './copy-books.ts';

const symbol = '7203';
type FollowDetail = Follow & { mirrors: Mirror[] };

const staffSessions = new WeakMap<Harness, Record<string, string>>();
async function staffOf(h: Harness): Promise<Record<string, string>> {
  const known = staffSessions.get(h);
  if (known) return known;
  const fresh = await h.signIn(h.seed.staffAccount, h.seed.staffPassword);
  staffSessions.set(h, fresh);
  return fresh;
}

/** A member with `deposits` approved deposits of 900,000 yen. */
async function funded(h: Harness, deposits: number): Promise<Member> {
  const m = await h.member();
  for (let i = 0; i < deposits; i++) await fund(h, m, '900000', await staffOf(h));
  return m;
}

async function ask(h: Harness): Promise<string> {
  const t = h.platform.market.snapshot.touch(symbol);
  if (!t) throw new Error('no touch');
  return t.ask;
}

/** A lead member and a strategy whose capital base is twice the lead's 1,000-share trade at today's ask. */
async function strategyLedBy(h: Harness, lead: Member, over: Record<string, unknown> = {}) {
  const staff = await staffOf(h);
  const marked = await h.call(
    'admin/copy/lead',
    { account: lead.account, displayName: 'Kabuto Quant Desk', lead: true, reason: 'Track record reviewed' },
    staff,
  );
  if (marked.status !== 1) throw new Error(`lead refused: ${marked.msg}`);
  const base = money(await ask(h))
    .times(2000)
    .ceil();
  const res = await h.call<Strategy>(
    'admin/copy/publish',
    {
      leadAccount: lead.account,
      names: { jp: '大型株モメンタム', en: 'Large-cap momentum', tw: '大型股動能' },
      minInvestment: base.div(100).ceil().toFixed(),
      capitalBase: base.toFixed(),
      termDays: 30,
      followDeadline: new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      performanceFee: '0.1',
      reason: 'Strategy approved by the product committee',
      ...over,
    },
    staff,
  );
  if (res.status !== 1) throw new Error(`publish refused: ${res.msg}`);
  return { strategy: res.data, base };
}

const follow = (h: Harness, m: Member, body: Record<string, unknown>, key = `f-${nextAccount()}`) =>
  h.call<Follow>('follow/follow', body, { ...m.headers, 'idempotency-key': key });
const stop = (h: Harness, m: Member, id: string, key = `s-${nextAccount()}`) =>
  h.call<Follow>('follow/stop', { id }, { ...m.headers, 'idempotency-key': key });
const detail = (h: Harness, m: Member, id: string) => h.call<FollowDetail>('follow/one', { id }, m.headers);

async function expectBooksProven(h: Harness): Promise<void> {
  await expectReconciled(h);
  const report = await reconcileFollows(h.db);
  if (!report.ok) throw new Error(`follow books do not reconcile: ${JSON.stringify(report)}`);
}

async function counts(h: Harness) {
  const [row] = await h.db.query<{ follows: string; journal: string; mirrors: string }>(
    `SELECT (SELECT count(*) FROM copy_follows)::text AS follows, (SELECT count(*) FROM journal_entries)::text AS journal,
            (SELECT count(*) FROM copy_mirrors)::text AS mirrors`,
  );
  return row;
}

describeEachDatabase('copy trading (issue 26)', (h) => {
  it('follow → the lead opens → followers mirrored in proportion (one below a unit) → the lead closes → stop → money back', async () => {
    const lead = await funded(h(), 4);
    const { strategy, base } = await strategyLedBy(h(), lead);
    // A follows 30 % of the base (300 shares of a 1,000-share trade); B 5 % (50 shares: below one unit).
    const a = await funded(h(), 2);
    const b = await funded(h(), 1);
    const capA = base.times('0.3').floor();
    const capB = base.times('0.05').floor();
    const before = { a: await books(h(), a), b: await books(h(), b) };
    const total = async (m: Member) =>
      (await h().call<{ totalAssets: string }>('user/assets', {}, m.headers)).data.totalAssets;
    const totalBefore = await total(a);
    const fa = await follow(h(), a, { id: strategy.id, amount: capA.toFixed() });
    // The capital moved into the follow is still the member's: total assets do not change.
    expect(await total(a)).toBe(totalBefore);
    expect(fa.status, fa.msg).toBe(1);
    expect(fa.data).toMatchObject({ status: 'inProgress', capital: capA.toFixed(), free: capA.toFixed() });
    const fb = await follow(h(), b, { id: strategy.id, amount: capB.toFixed(), stopLoss: { percent: '50' } });
    expect(fb.status, fb.msg).toBe(1);
    expect((await books(h(), a)).available).toBe(money(before.a.available).minus(capA).toFixed());

    const card = await h().call<Strategy>('follow/strategy', { id: strategy.id }, a.headers);
    expect(card.data).toMatchObject({ followers: 2, fundSize: capA.plus(capB).toFixed(), issuer: 'Kabuto Quant Desk' });

    const opened = await place(h(), lead, { symbol, side: 'long', type: 'market', quantity: '1000', leverage: 1 });
    expect(opened.status, opened.msg).toBe(1);
    const da = await waitFor(
      'the fill mirrored into A',
      10_000,
      async () => (await detail(h(), a, fa.data.id)).data,
      (d) => d.mirrors.length === 1,
    );
    const m = da.mirrors[0] as Mirror;
    expect(m).toMatchObject({ event: 'open', outcome: 'mirrored', code: symbol, proportional: '300' });
    expect(m.lead).toMatchObject({ orderNo: opened.data.orderNo, quantity: '1000', price: opened.data.openPrice });
    expect(m.follower?.quantity).toBe('300');
    const db = await waitFor(
      'B recorded as below one unit',
      10_000,
      async () => (await detail(h(), b, fb.data.id)).data,
      (d) => d.mirrors.length === 1,
    );
    expect(db.mirrors[0]).toMatchObject({ outcome: 'belowUnit', proportional: '50', follower: null });
    // The mirrored position sits under the "follow orders" tab (origin copy) and A cannot close it by hand.
    const listed = await h().call<{ items: PositionWire[] }>(
      'trade/list',
      { tab: 'holding', origin: 'copy' },
      a.headers,
    );
    expect(listed.data.items.map((p) => [p.orderNo, p.quantity, p.origin])).toEqual([
      [m.follower?.orderNo, '300', 'copy'],
    ]);
    const byHand = await h().call('trade/close', { orderNo: m.follower?.orderNo }, a.headers);
    expect(byHand.msg).toBe(errorKeys.trade.lockUp);
    // A's follow book: capital less the margin and fee of 300 shares at the follower's price.
    const paid = money(m.follower?.price ?? '0').times(300);
    expect(money(da.free).lte(capA.minus(paid))).toBe(true);
    await expectBooksProven(h());

    const closed = await h().call('trade/close', { orderNo: opened.data.orderNo }, lead.headers);
    expect(closed.status, closed.msg).toBe(1);
    const da2 = await waitFor(
      'the close mirrored into A',
      10_000,
      async () => (await detail(h(), a, fa.data.id)).data,
      (d) => d.mirrors.length === 2,
    );
    expect(da2.mirrors[0]).toMatchObject({ event: 'close', outcome: 'mirrored' });
    expect(da2.mirrors[0]?.follower?.quantity).toBe('300');
    expect(da2.openPositions).toBe(0);
    // B, below one unit at the open, has nothing to close.
    expect((await detail(h(), b, fb.data.id)).data.mirrors).toHaveLength(1);
    const track = await h().call<{ track: { orderNo: string }[] }>('follow/strategy', { id: strategy.id }, a.headers);
    expect(track.data.track.map((t) => t.orderNo)).toEqual([opened.data.orderNo]);
    await expectBooksProven(h());

    const sa = await stop(h(), a, fa.data.id);
    expect(sa.status, sa.msg).toBe(1);
    expect(sa.data).toMatchObject({ status: 'ended', endReason: 'stopped' });
    const free = money(da2.free);
    const profit = free.minus(capA);
    const fee = profit.gt(0) ? profit.times('0.1').floor() : new Decimal(0);
    expect(sa.data.profit).toBe(profit.toFixed());
    expect(sa.data.fee).toBe(fee.toFixed());
    expect(sa.data.returned).toBe(free.minus(fee).toFixed());
    expect((await books(h(), a)).available).toBe(money(before.a.available).minus(capA).plus(free).minus(fee).toFixed());
    const sb = await stop(h(), b, fb.data.id);
    expect(sb.data).toMatchObject({ status: 'ended', returned: capB.toFixed(), profit: '0', fee: '0' });
    expect((await books(h(), b)).available).toBe(before.b.available);
    // A second stop is refused; the ended list has it.
    expect((await stop(h(), b, fb.data.id)).msg).toBe(errorKeys.copy.notFollowing);
    const ended = await h().call<{ items: Follow[] }>('follow/follows', { status: 'ended' }, b.headers);
    expect(ended.data.items.map((f) => f.id)).toEqual([fb.data.id]);
    await expectBooksProven(h());
  });

  it('refuses bad follows with catalogued keys and writes nothing; no member reads or stops another’s follow', async () => {
    const lead = await funded(h(), 1);
    const { strategy, base } = await strategyLedBy(h(), lead);
    const m = await funded(h(), 1);
    const min = base.div(100).ceil();
    const before = await counts(h());
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: min.minus(1).toFixed() }, errorKeys.copy.belowMinimum],
      [{ amount: '0' }, errorKeys.copy.amountInvalid],
      [{ amount: '-100000' }, errorKeys.copy.amountInvalid],
      [{ amount: `${min.toFixed()}.5` }, errorKeys.copy.amountInvalid],
      [{ amount: '1e6' }, errorKeys.copy.amountInvalid],
      [{ amount: 'lots' }, errorKeys.copy.amountInvalid],
      [{ amount: 100000 }, errorKeys.copy.amountInvalid],
      [{ amount: '99999999999' }, errorKeys.funds.insufficientAvailable],
      [{ amount: min.toFixed(), stopLoss: { percent: '0' } }, errorKeys.copy.stopLossInvalid],
      [{ amount: min.toFixed(), stopLoss: { yen: '1e3' } }, errorKeys.copy.stopLossInvalid],
      [{ amount: min.toFixed(), id: '00000000-0000-4000-8000-000000000000' }, errorKeys.copy.notFound],
      [{ amount: min.toFixed(), id: 'nope' }, errorKeys.copy.notFound],
    ];
    for (const [body, key] of cases) {
      const res = await follow(h(), m, { id: strategy.id, ...body });
      expect([res.msg, res.http >= 400 && res.http < 500], JSON.stringify(body)).toEqual([key, true]);
    }
    expect((await follow(h(), lead, { id: strategy.id, amount: min.toFixed() })).msg).toBe(errorKeys.copy.ownStrategy);
    expect(await counts(h())).toEqual(before);

    // After the follow-trade deadline: refused.
    const late = await strategyLedBy(h(), lead, {
      followDeadline: new Date(h().clock.now().getTime() + 60_000).toISOString(),
    });
    h().clock.advance(120_000);
    expect((await follow(h(), m, { id: late.strategy.id, amount: min.toFixed() })).msg).toBe(
      errorKeys.copy.pastDeadline,
    );
    // Staff terms are checked too.
    const staff = await staffOf(h());
    const bad = await h().call(
      'admin/copy/publish',
      {
        leadAccount: lead.account,
        names: { jp: 'x', en: 'x', tw: 'x' },
        minInvestment: '0',
        capitalBase: '1000000',
        termDays: 30,
        followDeadline: new Date(h().clock.now().getTime() + 86_400_000).toISOString(),
        performanceFee: '0.1',
        reason: 'Testing the terms check',
      },
      staff,
    );
    expect(bad.msg).toBe(errorKeys.copy.termsInvalid);
    const notLead = await h().call(
      'admin/copy/publish',
      {
        leadAccount: m.account,
        names: { jp: 'x', en: 'x', tw: 'x' },
        minInvestment: '1000',
        capitalBase: '1000000',
        termDays: 30,
        followDeadline: new Date(h().clock.now().getTime() + 86_400_000).toISOString(),
        performanceFee: '0.1',
        reason: 'Testing the lead check',
      },
      staff,
    );
    expect(notLead.msg).toBe(errorKeys.copy.notLead);
    // Members cannot call staff's calls.
    expect((await h().call('admin/copy/list', {}, m.headers)).status).toBe(0);

    const own = await follow(h(), m, { id: strategy.id, amount: min.toFixed() });
    expect(own.status, own.msg).toBe(1);
    const other = await funded(h(), 1);
    expect((await detail(h(), other, own.data.id)).msg).toBe(errorKeys.copy.notFollowing);
    expect((await stop(h(), other, own.data.id)).msg).toBe(errorKeys.copy.notFollowing);
    expect((await h().call<{ items: Follow[] }>('follow/follows', {}, other.headers)).data.items).toEqual([]);
    expect((await stop(h(), m, own.data.id)).status).toBe(1);
    await expectBooksProven(h());
  });

  it('a follow and a stop at the same moment leave one outcome; parallel follows make one follow', async () => {
    const lead = await funded(h(), 4);
    const { strategy, base } = await strategyLedBy(h(), lead);
    const m = await funded(h(), 2);
    const cap = base.times('0.3').floor();
    const before = await books(h(), m);
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => follow(h(), m, { id: strategy.id, amount: cap.toFixed() })),
    );
    const ok = tries.filter((t) => t.status === 1);
    expect(ok).toHaveLength(1);
    expect(tries.filter((t) => t.status === 0).map((t) => t.msg)).toEqual(
      Array.from({ length: 4 }, () => errorKeys.copy.alreadyFollowing),
    );
    const id = (ok[0] as { data: Follow }).data.id;
    const opened = await place(h(), lead, { symbol, side: 'long', type: 'market', quantity: '1000', leverage: 1 });
    expect(opened.status).toBe(1);
    // The stop races the fan-out and another stop: the follow ends once, its money returned once.
    const [s1, s2] = await Promise.all([stop(h(), m, id), stop(h(), m, id), h().platform.copy.catchUpNow()]);
    expect([s1.status, s2.status].sort()).toEqual([0, 1]);
    expect([s1, s2].find((s) => s.status === 0)?.msg).toBe(errorKeys.copy.notFollowing);
    await h().platform.copy.catchUpNow();
    const d = (await detail(h(), m, id)).data;
    expect(d.status).toBe('ended');
    expect(d.openPositions).toBe(0);
    // Mirrored or not (the stop may have come first), nothing stays open and the money came back once.
    const rows = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM trade_positions p JOIN members x ON x.id = p.member_id
        WHERE x.account = $1 AND p.status = 'holding'`,
      [m.account],
    );
    expect(rows[0]?.n).toBe('0');
    const after = await books(h(), m);
    expect(money(after.available).minus(before.available).toFixed()).toBe(
      money(d.returned ?? '0')
        .minus(cap)
        .toFixed(),
    );
    const closed = await h().call('trade/close', { orderNo: opened.data.orderNo }, lead.headers);
    expect(closed.status).toBe(1);
    await h().platform.copy.catchUpNow();
    await expectBooksProven(h());
  });

  it('the copy stop-loss ends a follow as the quotes move; the term end and a closed strategy return the money', async () => {
    const lead = await funded(h(), 4);
    const { strategy, base } = await strategyLedBy(h(), lead);
    const [a, b, c] = [await funded(h(), 2), await funded(h(), 2), await funded(h(), 1)];
    const cap = base.times('0.3').floor();
    // A's stop-loss of 1 yen is reached by the first quote after its fill (the spread and the fee are a loss).
    const fa = await follow(h(), a, { id: strategy.id, amount: cap.toFixed(), stopLoss: { yen: '1' } });
    const fb = await follow(h(), b, { id: strategy.id, amount: cap.toFixed(), stopLoss: { percent: '90' } });
    expect([fa.status, fb.status]).toEqual([1, 1]);
    const opened = await place(h(), lead, { symbol, side: 'long', type: 'market', quantity: '1000', leverage: 1 });
    expect(opened.status).toBe(1);
    await waitFor(
      'both mirrored',
      10_000,
      async () => [
        (await detail(h(), a, fa.data.id)).data.openPositions,
        (await detail(h(), b, fb.data.id)).data.openPositions,
      ],
      (n) => n[0] === 1 && n[1] === 1,
    );
    await waitFor(
      'the stop-loss indexed',
      10_000,
      () => h().platform.copy.watching(symbol),
      (n) => n === 2,
    );
    const ended = await waitFor(
      'the stop-loss to end A',
      20_000,
      async () => {
        const m = await h().platform.market.feed.step();
        if (m?.kind === 'ticks') await h().platform.market.snapshot.applied(m.step);
        await h().platform.copy.settled();
        return (await detail(h(), a, fa.data.id)).data;
      },
      (d) => d.status === 'ended',
      5,
    );
    expect(ended).toMatchObject({ endReason: 'stopLoss', openPositions: 0 });
    expect(money(ended.returned ?? '0').lt(cap)).toBe(true);
    const positionA = await h().call<{ items: PositionWire[] }>(
      'trade/list',
      { tab: 'closed', origin: 'copy' },
      a.headers,
    );
    expect(positionA.data.items.map((p) => p.closeReason)).toEqual(['stopLoss']);
    // B's 90 % stop-loss is far away: still in progress.
    expect((await detail(h(), b, fb.data.id)).data.status).toBe('inProgress');

    // C follows after the fill (nothing to mirror); staff close the strategy: B and C end, their money returned.
    const fc = await follow(h(), c, { id: strategy.id, amount: base.div(100).ceil().toFixed() });
    expect(fc.status).toBe(1);
    const staff = await staffOf(h());
    const closed = await h().call('admin/copy/close', { id: strategy.id, reason: 'Lead trader left the firm' }, staff);
    expect(closed.status, closed.msg).toBe(1);
    expect((await follow(h(), a, { id: strategy.id, amount: cap.toFixed() })).msg).toBe(errorKeys.copy.notFound);
    await h().platform.copy.catchUpNow();
    const [db, dc] = [(await detail(h(), b, fb.data.id)).data, (await detail(h(), c, fc.data.id)).data];
    expect([db.status, db.endReason, db.openPositions]).toEqual(['ended', 'strategyClosed', 0]);
    expect([dc.status, dc.endReason, dc.returned]).toEqual(['ended', 'strategyClosed', base.div(100).ceil().toFixed()]);
    await h().call('trade/close', { orderNo: opened.data.orderNo }, lead.headers);

    // The term end: a follow of a fresh strategy ends when its days are over.
    const next = await strategyLedBy(h(), lead, { termDays: 1 });
    const fd = await follow(h(), c, { id: next.strategy.id, amount: next.base.div(100).ceil().toFixed() });
    expect(fd.status).toBe(1);
    h().clock.advance(86_400_000 + 1000);
    await h().platform.copy.catchUpNow();
    // (A day later the member's session has ended: read the row.)
    const [row] = await h().db.query<{ status: string; end_reason: string; returned: string }>(
      `SELECT status, end_reason, returned::text AS returned FROM copy_follows WHERE id = $1`,
      [fd.data.id],
    );
    expect(row).toMatchObject({ status: 'ended', end_reason: 'termEnd' });
    expect(money(row?.returned ?? '0').toFixed()).toBe(next.base.div(100).ceil().toFixed());
    await expectBooksProven(h());
  });
});
