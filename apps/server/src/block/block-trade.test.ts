import { expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { errorKeys } from '@kabuto/contracts/errors';
import type { BlockApplication, BlockProduct } from '@kabuto/contracts/block/block-trades';
import type { Allotment } from '@kabuto/contracts/ipo/offerings';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { fund, verifiedFundedMember } from '../test/money-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { books, expectReconciled, type Member } from '../trading/trade-fixtures.ts';

const minute = 60_000;
const symbol = '7203';

// One staff session a harness until the clock jumps (staff sign-ins are throttled like everyone's).
const staffSessions = new WeakMap<Harness, Record<string, string>>();
async function staffOf(h: Harness): Promise<Record<string, string>> {
  const known = staffSessions.get(h);
  if (known) return known;
  const fresh = await staffHeaders(h);
  staffSessions.set(h, fresh);
  return fresh;
}

/** The stock's day as the market publishes it: a price on its grid inside the limits, and the limits. */
async function day(h: Harness) {
  const res = await h.call<{ last: string; limitUp: string; limitDown: string; tickSize: string }>(
    'market/detail',
    { symbol },
    {},
  );
  if (res.status !== 1) throw new Error(`no quote: ${res.msg}`);
  return res.data;
}

/** Terms for a product on 7203 at its last price, open from now for an hour, 2 units minimum, 5 units maximum. */
async function terms(h: Harness, over: Record<string, unknown> = {}) {
  const d = await day(h);
  const at = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
  return {
    code: symbol,
    price: d.last,
    minAmount: money(d.last).times(200).toFixed(0),
    maxShares: '500',
    dailyLimit: 3,
    opensAt: at(-minute),
    closesAt: at(60 * minute),
    lockUpUntil: at(30 * 24 * 60 * minute),
    password: null,
    seatOnly: false,
    reason: 'Holder distribution agreed with the issuer',
    ...over,
  };
}

async function product(h: Harness, over: Record<string, unknown> = {}): Promise<BlockProduct> {
  const res = await h.call<BlockProduct>('admin/block/create', await terms(h, over), await staffOf(h));
  if (res.status !== 1) throw new Error(`product refused: ${res.msg}`);
  return res.data;
}

/** A verified member with `deposits` deposits of `amount` yen (each below the four-eyes bar). */
const applicant = async (h: Harness, amount = '900000', deposits = 2): Promise<Member> =>
  verifiedFundedMember(h, await staffOf(h), amount, deposits);

const apply = (h: Harness, m: Member, body: Record<string, unknown>, key?: string) =>
  h.call<BlockApplication>('market/block/apply', body, key ? { ...m.headers, 'idempotency-key': key } : m.headers);

async function counts(h: Harness) {
  const [row] = await h.db.query<{ products: string; applications: string; journal: string; days: string }>(
    `SELECT (SELECT count(*) FROM block_products)::text AS products,
            (SELECT count(*) FROM block_applications)::text AS applications,
            (SELECT count(*) FROM block_daily_counts)::text AS days,
            (SELECT count(*) FROM journal_entries)::text AS journal`,
  );
  return row;
}

/** A second staff member (admin) for four eyes, signed in. */
async function secondStaff(h: Harness): Promise<Record<string, string>> {
  const account = nextAccount();
  const res = await h.call<{ id: string }>(
    'admin/staff/create',
    { account, password: 'SecondStaff9', role: 'reviewer', reason: 'Second reviewer for four eyes' },
    await staffOf(h),
  );
  if (res.status !== 1) throw new Error(`staff refused: ${res.msg}`);
  return h.signIn(account, 'SecondStaff9');
}

describeEachDatabase('block trades (issue 25)', (h) => {
  it('refuses bad product terms with catalogued keys and writes nothing; members cannot list products', async () => {
    const staff = await staffOf(h());
    const d = await day(h());
    const t = await terms(h());
    const before = await counts(h());
    const tick = money(d.tickSize);
    const cases: [Record<string, unknown>, string][] = [
      [{ price: money(d.limitUp).plus(tick.times(10)).toFixed() }, errorKeys.trade.exceedsPriceLimit],
      [{ price: money(d.limitDown).minus(tick.times(10)).toFixed() }, errorKeys.trade.exceedsPriceLimit],
      [{ price: money(d.last).plus('0.1').toFixed() }, errorKeys.trade.priceOffGrid],
      [{ price: '0' }, errorKeys.block.priceInvalid],
      [{ price: '-5' }, errorKeys.block.priceInvalid],
      [{ price: '1e3' }, errorKeys.block.priceInvalid],
      [{ minAmount: '0' }, errorKeys.block.minAmountInvalid],
      [{ minAmount: '12.5' }, errorKeys.block.minAmountInvalid],
      [{ minAmount: money(d.last).times(600).toFixed(0) }, errorKeys.block.minAmountInvalid],
      [{ maxShares: '150' }, errorKeys.block.maxSharesInvalid],
      [{ maxShares: '0' }, errorKeys.block.maxSharesInvalid],
      [{ maxShares: 'lots' }, errorKeys.block.maxSharesInvalid],
      [{ dailyLimit: 0 }, errorKeys.block.dailyLimitInvalid],
      [{ dailyLimit: 101 }, errorKeys.block.dailyLimitInvalid],
      [{ dailyLimit: 1.5 }, errorKeys.block.dailyLimitInvalid],
      [{ dailyLimit: '3' }, errorKeys.block.dailyLimitInvalid],
      [{ closesAt: t.opensAt }, errorKeys.block.timesOutOfOrder],
      [
        {
          opensAt: new Date(h().clock.now().getTime() - 120 * minute).toISOString(),
          closesAt: new Date(h().clock.now().getTime() - minute).toISOString(),
        },
        errorKeys.block.timesInPast,
      ],
      [{ lockUpUntil: t.opensAt }, errorKeys.block.lockUpBeforeClose],
      [{ opensAt: 'tomorrow' }, errorKeys.request.invalid],
      [{ code: '0000' }, errorKeys.market.unknownSymbol],
      [{ password: 'x'.repeat(10_240) }, errorKeys.block.passwordInvalid],
      [{ password: 'ab' }, errorKeys.block.passwordInvalid],
      [{ reason: '' }, errorKeys.admin.reasonRequired],
    ];
    for (const [over, key] of cases) {
      const res = await h().call('admin/block/create', { ...t, ...over }, staff);
      expect([JSON.stringify(over).slice(0, 60), res.msg]).toEqual([JSON.stringify(over).slice(0, 60), key]);
      expect(res.http).toBeLessThan(500);
    }
    expect(await counts(h())).toEqual(before);
    const m = await h().member();
    expect((await h().call('admin/block/create', t, { ...m.headers, 'is-admin': '1' })).http).toBe(403);
    expect((await h().call('admin/block/decide', { id: 'x', decision: 'approve', reason: 'x' }, m.headers)).http).toBe(
      403,
    );
  });

  it('holds price × shares for an application inside the window and refuses the rest with their keys', async () => {
    const p = await product(h());
    const m = await applicant(h());
    const before = await books(h(), m);
    const d = await h().call<BlockProduct & { available: string; sharesHeld: string }>(
      'market/block/detail',
      { id: p.id },
      m.headers,
    );
    expect(d.data).toMatchObject({ id: p.id, phase: 'open', passwordRequired: false, sharesHeld: '0' });
    expect((await h().call<{ items: BlockProduct[] }>('market/block/list', {}, m.headers)).data.items).toContainEqual(
      expect.objectContaining({ id: p.id, phase: 'open' }),
    );
    const poor = await applicant(h(), '1000', 1);
    const unverified = await h().member();
    const base = await counts(h());
    for (const bad of ['150', '0', '-100', '1.5', '1e3', 'abc', '', 100, null])
      expect([bad, (await apply(h(), m, { id: p.id, shares: bad })).msg]).toEqual([bad, errorKeys.trade.quantityUnit]);
    expect((await apply(h(), m, { id: p.id, shares: '100' })).msg).toBe(errorKeys.block.belowMinimum);
    expect((await apply(h(), m, { id: p.id, shares: '600' })).msg).toBe(errorKeys.block.aboveMaximum);
    expect((await apply(h(), m, { id: '00000000-0000-0000-0000-000000000000', shares: '200' })).msg).toBe(
      errorKeys.block.notFound,
    );
    expect((await apply(h(), m, { id: 'nope', shares: '200' })).msg).toBe(errorKeys.block.notFound);
    expect((await apply(h(), poor, { id: p.id, shares: '200' })).msg).toBe(errorKeys.funds.insufficientAvailable);
    expect((await apply(h(), unverified, { id: p.id, shares: '200' })).msg).toBe(errorKeys.verification.required);
    expect(await counts(h())).toEqual(base);

    const ok = await apply(h(), m, { id: p.id, shares: '300' }, 'block-key-1');
    expect(ok.status).toBe(1);
    const amount = money(p.price).times(300);
    expect(ok.data).toMatchObject({ status: 'pending', shares: '300', turnover: '0' });
    expect(money(ok.data.amount).eq(amount)).toBe(true);
    // The same key again is the same application.
    const again = await apply(h(), m, { id: p.id, shares: '300' }, 'block-key-1');
    expect(again.data.id).toBe(ok.data.id);
    const after = await books(h(), m);
    expect(money(after.frozen).minus(before.frozen).eq(amount)).toBe(true);
    expect(money(before.available).minus(after.available).eq(amount)).toBe(true);
    // Another 300 would pass the maximum of 500 shares a member.
    expect((await apply(h(), m, { id: p.id, shares: '300' })).msg).toBe(errorKeys.block.aboveMaximum);
    // Nobody else reads it.
    const other = await applicant(h());
    expect((await h().call('market/block/application', { id: ok.data.id }, other.headers)).msg).toBe(
      errorKeys.order.notExist,
    );
    expect((await h().call<{ total: number }>('market/block/applications', {}, other.headers)).data.total).toBe(0);
    expect((await h().call<{ items: Allotment[] }>('user/allotments', {}, other.headers)).data.items).toEqual([]);
    // Closed after the window; withdrawn is "does not exist".
    const staff = await staffOf(h());
    const q = await product(h());
    expect((await h().call('admin/block/withdraw', { id: q.id, reason: 'Issuer withdrew' }, staff)).status).toBe(1);
    expect((await h().call('admin/block/withdraw', { id: q.id, reason: 'again' }, staff)).msg).toBe(
      errorKeys.block.notWithdrawable,
    );
    expect((await apply(h(), other, { id: q.id, shares: '200' })).msg).toBe(errorKeys.block.notFound);
    h().clock.advance(61 * minute);
    staffSessions.delete(h());
    expect((await apply(h(), other, { id: p.id, shares: '200' })).msg).toBe(errorKeys.block.closed);
    await expectReconciled(h());
  });

  it('keeps the daily limit under 20 parallel applications', async () => {
    const p = await product(h(), { dailyLimit: 3, maxShares: '100000', minAmount: '1' });
    const m = await applicant(h(), '900000', 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(h(), m, { id: p.id, shares: '100' })));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 1).map((a) => a.msg)).toEqual(
      Array.from({ length: 17 }, () => errorKeys.block.dailyLimit),
    );
    const [row] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM block_applications WHERE product_id = $1`,
      [p.id],
    );
    expect(row?.n).toBe('3');
    expect(money((await books(h(), m)).frozen).eq(money(p.price).times(300))).toBe(true);
    await expectReconciled(h());
  });

  it('throttles channel-password guessing like the fund PIN, and a right password lets the member apply', async () => {
    const p = await product(h(), { password: 'Kabuto-Channel-7' });
    expect(p.passwordRequired).toBe(true);
    const m = await applicant(h());
    const before = await counts(h());
    expect((await apply(h(), m, { id: p.id, shares: '200' })).msg).toBe(errorKeys.password.channelWrong);
    const long = await apply(h(), m, { id: p.id, shares: '200', password: 'x'.repeat(10_240) });
    expect([long.http, long.msg]).toEqual([400, errorKeys.password.channelWrong]);
    // Ten guesses at once: the ladder counts each before hashing, so none slips past the lock.
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apply(h(), m, { id: p.id, shares: '200', password: `guess-${i}` })),
    );
    expect(guesses.every((g) => g.status === 0)).toBe(true);
    expect(guesses.some((g) => g.msg === errorKeys.password.channelLocked)).toBe(true);
    // Locked: even the right password is refused now.
    expect((await apply(h(), m, { id: p.id, shares: '200', password: 'Kabuto-Channel-7' })).msg).toBe(
      errorKeys.password.channelLocked,
    );
    expect(await counts(h())).toEqual(before);
    h().clock.advance(16 * minute);
    m.headers = await h().signIn(m.account, 'abcd1234');
    const ok = await apply(h(), m, { id: p.id, shares: '200', password: 'Kabuto-Channel-7' });
    expect(ok.status).toBe(1);
    const [row] = await h().db.query<{ failures: number }>(
      `SELECT channel_pw_failures AS failures FROM members WHERE account = $1`,
      [m.account],
    );
    expect(row?.failures).toBe(0);
  });

  it('a seat-only product refuses members without a seat account', async () => {
    const p = await product(h(), { seatOnly: true });
    const m = await applicant(h());
    expect((await apply(h(), m, { id: p.id, shares: '200' })).msg).toBe(errorKeys.block.seatOnly);
    await h().call('user/seat/apply', {}, m.headers);
    const staff = await staffOf(h());
    const queue = await h().call<{ items: { id: string; account: string }[] }>(
      'admin/seat/list',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    const id = queue.data.items.find((i) => i.account === m.account)?.id;
    expect((await h().call('admin/seat/decide', { id, decision: 'approve', reason: 'Eligible' }, staff)).status).toBe(
      1,
    );
    expect((await apply(h(), m, { id: p.id, shares: '200' })).status).toBe(1);
  });

  it('staff approve into a locked "competition" position or reject releasing the hold; own case refused; four eyes', async () => {
    let staff = await staffOf(h());
    const p = await product(h());
    const m = await applicant(h());
    const start = await books(h(), m);
    const a = (await apply(h(), m, { id: p.id, shares: '200' })).data;
    const b = (await apply(h(), m, { id: p.id, shares: '200' })).data;
    const counts0 = await h().call<{ blocks: number }>('admin/queues/counts', {}, staff);
    expect(counts0.data.blocks).toBeGreaterThanOrEqual(2);
    const queue = await h().call<{ items: { id: string; account: string; approvalsRequired: number }[] }>(
      'admin/block/applications',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    expect(queue.data.items.filter((i) => i.account === m.account)).toHaveLength(2);
    const approved = await h().call<{ status: string }>(
      'admin/block/decide',
      { id: a.id, decision: 'approve', reason: 'Allocation confirmed' },
      staff,
    );
    expect(approved.data.status).toBe('approved');
    const rejected = await h().call<{ status: string }>(
      'admin/block/decide',
      { id: b.id, decision: 'reject', reason: 'Distribution oversubscribed' },
      staff,
    );
    expect(rejected.data.status).toBe('rejected');
    expect(
      (await h().call('admin/block/decide', { id: a.id, decision: 'reject', reason: 'Second thoughts' }, staff)).msg,
    ).toBe(errorKeys.order.notInReview);
    const detail = await h().call<BlockApplication>('market/block/application', { id: a.id }, m.headers);
    expect(detail.data).toMatchObject({ status: 'approved', remarks: 'Allocation confirmed' });
    expect(money(detail.data.turnover).eq(money(p.price).times(200))).toBe(true);
    expect(detail.data.positionOrderNo).toMatch(/^B/);
    const gone = await h().call<BlockApplication>('market/block/application', { id: b.id }, m.headers);
    expect(gone.data).toMatchObject({ status: 'rejected', remarks: 'Distribution oversubscribed', turnover: '0' });
    // Money: one unit of 200 shares became the position's margin, the other came back.
    const end = await books(h(), m);
    const amount = money(p.price).times(200);
    expect(money(start.available).minus(end.available).eq(amount)).toBe(true);
    expect(money(end.frozen).eq(start.frozen)).toBe(true);
    expect(money(end.margin).minus(start.margin).eq(amount)).toBe(true);
    // The position sits under "competition", its sale locked by the product's lock-up.
    const list = await h().call<{ items: PositionWire[] }>('trade/list', { tab: 'competition' }, m.headers);
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ origin: 'block', status: 'holding', quantity: '200' });
    expect(list.data.items[0]?.saleRules).toContain('lockUp');
    // Once the lock-up has passed the position no longer shows it (the close is allowed again).
    h().clock.advance(31 * 24 * 60 * minute);
    staffSessions.delete(h());
    m.headers = await h().signIn(m.account, 'abcd1234');
    staff = await staffOf(h());
    const unlocked = await h().call<{ items: PositionWire[] }>('trade/list', { tab: 'competition' }, m.headers);
    expect(unlocked.data.items[0]?.saleRules).not.toContain('lockUp');
    const holding = await h().call<{ items: PositionWire[] }>('trade/list', { tab: 'auction' }, m.headers);
    expect(holding.data.items).toHaveLength(0);
    const allotments = await h().call<{ items: Allotment[] }>('user/allotments', {}, m.headers);
    expect(allotments.data.items).toEqual([
      expect.objectContaining({ source: 'block', code: symbol, shares: '200', status: 'sellable', listsAt: null }),
    ]);
    const [audit] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action IN ('block.approve', 'block.reject', 'block.create')`,
    );
    expect(Number(audit?.n)).toBeGreaterThanOrEqual(3);
    await expectReconciled(h());

    // Four eyes at or above one million yen: two different staff approve.
    const big = await product(h(), { maxShares: '100000', minAmount: '1', lockUpUntil: null });
    const rich = await applicant(h(), '900000', 3);
    const units = money('1000000').dividedBy(money(big.price)).dividedBy(100).ceil().times(100).toFixed(0);
    const large = await apply(h(), rich, { id: big.id, shares: units });
    expect(large.status).toBe(1);
    const first = await h().call<{ status: string; approvals: number; approvalsRequired: number }>(
      'admin/block/decide',
      { id: large.data.id, decision: 'approve', reason: 'Checked' },
      staff,
    );
    expect(first.data).toMatchObject({ status: 'pending', approvals: 1, approvalsRequired: 2 });
    expect(
      (await h().call('admin/block/decide', { id: large.data.id, decision: 'approve', reason: 'again' }, staff)).msg,
    ).toBe(errorKeys.review.alreadyDecidedByYou);
    const second = await h().call<{ status: string }>(
      'admin/block/decide',
      { id: large.data.id, decision: 'approve', reason: 'Second check' },
      await secondStaff(h()),
    );
    expect(second.data.status).toBe('approved');
    await expectReconciled(h());
  });

  it('refuses a staff member deciding their own application', async () => {
    const staff = await staffOf(h());
    const p = await product(h());
    await h().db.query(
      `UPDATE members SET real_name_status = 'verified', real_name = 'スタッフ イチロウ' WHERE account = $1`,
      [h().seed.staffAccount],
    );
    const me = { account: h().seed.staffAccount, headers: staff };
    // Staff cannot approve their own deposit either: a second staff member does.
    const other = await secondStaff(h());
    await fund(h(), me, '900000', other);
    await fund(h(), me, '900000', other);
    const own = await apply(h(), me, { id: p.id, shares: '200' });
    expect(own.status).toBe(1);
    const answer = await h().call('admin/block/decide', { id: own.data.id, decision: 'approve', reason: 'me' }, staff);
    expect([answer.http, answer.msg]).toEqual([403, errorKeys.review.ownCase]);
    expect((await h().call<BlockApplication>('market/block/application', { id: own.data.id }, staff)).data.status).toBe(
      'pending',
    );
  });
});
