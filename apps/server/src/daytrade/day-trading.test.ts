import { expect, it } from 'vitest';
import { money } from '@kabuto/domain/money';
import { errorKeys } from '@kabuto/contracts/errors';
import type { DayTradeApplication, DayTradeOverview } from '@kabuto/contracts/daytrade/day-trading';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { jobRunner, LostLeadership, type Fenced } from '../platform/public.ts';
import {
  books,
  expectReconciled,
  fundedMember,
  order,
  place,
  preview,
  type Member,
} from '../trading/trade-fixtures.ts';
import { jstParts } from '@kabuto/domain/calendar/jst';
import { dayTradeCutOffJob } from './cut-off-job.ts';

const minute = 60_000;
/** The harness clock starts at 10:00 JST; the demo cut-off is 15:30 JST unless staff change it. */
const toCutOff = 5.5 * 60 * minute;

const staffSessions = new WeakMap<Harness, Record<string, string>>();
async function staffOf(h: Harness): Promise<Record<string, string>> {
  const known = staffSessions.get(h);
  if (known) return known;
  const fresh = await h.signIn(h.seed.staffAccount, h.seed.staffPassword);
  staffSessions.set(h, fresh);
  return fresh;
}

const apply = (h: Harness, m: { headers: Record<string, string> }, amount: unknown, key?: string) =>
  h.call<DayTradeApplication>(
    'common/dayTrading/apply',
    { amount },
    key ? { ...m.headers, 'idempotency-key': key } : m.headers,
  );
const overview = (h: Harness, m: Member) => h.call<DayTradeOverview>('common/dayTrading/overview', {}, m.headers);

async function decide(h: Harness, id: string, decision: 'approve' | 'reject', reason = 'Trading history reviewed') {
  const res = await h.call<{ status: string }>('admin/daytrade/decide', { id, decision, reason }, await staffOf(h));
  if (res.status !== 1) throw new Error(`decision refused: ${res.msg}`);
  return res.data;
}

/** A funded member with an approved quota of `quota` yen. */
async function trader(h: Harness, quota: string, funds = '900000'): Promise<Member> {
  const m = await fundedMember(h, funds);
  const a = await apply(h, m, quota);
  if (a.status !== 1) throw new Error(`apply refused: ${a.msg}`);
  await decide(h, a.data.id, 'approve');
  return m;
}

async function counts(h: Harness) {
  const [row] = await h.db.query<{ applications: string; positions: string; journal: string }>(
    `SELECT (SELECT count(*) FROM daytrade_applications)::text AS applications,
            (SELECT count(*) FROM trade_positions)::text AS positions,
            (SELECT count(*) FROM journal_entries)::text AS journal`,
  );
  return row;
}

/** How many close (or release) entries each of these orders has. */
async function closeEntries(h: Harness, orderNos: string[]) {
  return h.db.query<{ ref_id: string; n: number; reason: string }>(
    `SELECT ref_id, count(*)::int AS n, min(reason) AS reason FROM journal_entries
      WHERE ref_type = 'trade' AND ref_id = ANY($1::text[]) AND kind IN ('trade_close', 'trade_release')
      GROUP BY ref_id ORDER BY ref_id`,
    [orderNos],
  );
}

/** The harness's own runner would run the cut-off on its timer: these tests run the job alone. */
function cutOffRunner(h: Harness, batchSize = 1000, lanes = 2) {
  const jobs = jobRunner({ db: h.db, clock: h.clock, leader: h.platform.leader, runner: 'daytrade-test' });
  const job = dayTradeCutOffJob({ db: h.db, profile: 'demo', market: h.platform.market.snapshot, batchSize, lanes });
  jobs.register(job);
  return { jobs, job };
}

/** On to 10:00 JST of the next day. */
function toMorning(h: Harness) {
  const p = jstParts(h.clock.now());
  h.clock.advance((24 * 60 - p.minuteOfDay + 10 * 60) * minute);
}

describeEachDatabase('day trading (issue 26)', (h) => {
  it('refuses bad quotas with catalogued keys and writes nothing; one application or quota at a time', async () => {
    await h().platform.jobs.stop();
    const m = await fundedMember(h());
    const before = await counts(h());
    const bad: unknown[] = [
      '0',
      '-100',
      '100.5',
      '100.0',
      '1e6',
      'abc',
      '',
      ' ',
      '1000000001',
      '99999999999999',
      100,
      null,
    ];
    for (const [i, amount] of bad.entries()) {
      const res = await apply(h(), m, amount, `bad-quota-${i}`);
      expect([res.http, res.msg], JSON.stringify(amount)).toEqual([400, errorKeys.daytrade.amountInvalid]);
    }
    const missing = await h().call('common/dayTrading/apply', {}, { ...m.headers, 'idempotency-key': 'no-amount-1' });
    expect(missing.msg).toBe(errorKeys.daytrade.amountInvalid);
    expect(await counts(h())).toEqual(before);

    const first = await apply(h(), m, '300000', 'dt-apply-1');
    expect(first.status).toBe(1);
    expect(first.data).toMatchObject({
      quota: '300000',
      status: 'pending',
      state: null,
      orderNo: expect.stringMatching(/^Q/),
    });
    // The same key answers the same application; another application while one waits is refused.
    const again = await apply(h(), m, '300000', 'dt-apply-1');
    expect(again.data.id).toBe(first.data.id);
    const second = await apply(h(), m, '100000', 'dt-apply-2');
    expect([second.http, second.msg]).toEqual([409, errorKeys.daytrade.alreadyApplied]);
    // Parallel applications of another member: exactly one is written.
    const n = await fundedMember(h());
    const parallel = await Promise.all(
      ['1000', '2000', '3000', '4000'].map((a, i) => apply(h(), n, a, `par-apply-${i}`)),
    );
    expect(parallel.filter((r) => r.status === 1)).toHaveLength(1);
    expect(parallel.filter((r) => r.msg === errorKeys.daytrade.alreadyApplied)).toHaveLength(3);
    // No day trade without an approved quota: refused, nothing written.
    const mid = await counts(h());
    const refused = await place(h(), m, order({ dayTrade: true }), 'dt-no-quota');
    expect([refused.http, refused.msg]).toEqual([403, errorKeys.daytrade.notApproved]);
    expect((await place(h(), m, order({ dayTrade: 'yes' }))).msg).toBe(errorKeys.request.invalid);
    expect((await counts(h()))?.positions).toBe(mid?.positions);
  });

  it('staff approve (in progress) or reject (reason kept); own case refused; members read only their own', async () => {
    const staff = await staffOf(h());
    const a = await fundedMember(h());
    const b = await fundedMember(h());
    const pa = (await apply(h(), a, '500000')).data;
    const pb = (await apply(h(), b, '200000')).data;
    const queue = await h().call<{ items: { id: string; account: string }[] }>(
      'admin/daytrade/applications',
      { status: 'pending', pageSize: 100 },
      staff,
    );
    expect(queue.data.items.map((i) => i.id)).toEqual(expect.arrayContaining([pa.id, pb.id]));
    expect((await h().call<{ daytrade: number }>('admin/queues/counts', {}, staff)).data.daytrade).toBeGreaterThan(0);
    // Members cannot list or decide.
    expect((await h().call('admin/daytrade/applications', {}, a.headers)).http).toBe(403);
    expect(
      (await h().call('admin/daytrade/decide', { id: pb.id, decision: 'approve', reason: 'me' }, a.headers)).http,
    ).toBe(403);

    expect(await decide(h(), pa.id, 'approve', 'Experience confirmed')).toMatchObject({ status: 'approved' });
    expect(await decide(h(), pb.id, 'reject', 'Not enough trading history')).toMatchObject({ status: 'rejected' });
    const oa = (await overview(h(), a)).data;
    expect(oa.inForce).toMatchObject({
      id: pa.id,
      status: 'approved',
      state: 'inProgress',
      remarks: 'Experience confirmed',
    });
    expect(oa).toMatchObject({ used: '0', remaining: '500000', cutOff: '15:30', profile: 'demo', pending: null });
    const ob = (await overview(h(), b)).data;
    expect(ob.inForce).toBeNull();
    const listB = await h().call<{ items: DayTradeApplication[] }>('common/dayTrading/applications', {}, b.headers);
    expect(listB.data.items).toEqual([
      expect.objectContaining({ id: pb.id, status: 'rejected', remarks: 'Not enough trading history' }),
    ]);
    // Each member sees only their own applications.
    const listA = await h().call<{ items: DayTradeApplication[] }>('common/dayTrading/applications', {}, a.headers);
    expect(listA.data.items.map((i) => i.id)).toEqual([pa.id]);

    // Staff cannot decide their own application.
    const own = await apply(h(), { headers: staff }, '100000');
    expect(own.status).toBe(1);
    const ownDecision = await h().call(
      'admin/daytrade/decide',
      { id: own.data.id, decision: 'approve', reason: 'mine' },
      staff,
    );
    expect(ownDecision.msg).toBe(errorKeys.review.ownCase);
    const [audit] = await h().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action IN ('daytrade.approve', 'daytrade.reject')`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(2);
  });

  it('a day trade against the quota; over the quota refused; the cut-off closes it with its reason; reconciles', async () => {
    const m = await trader(h(), '600000');
    const start = await books(h(), m);
    const dt = await place(h(), m, order({ dayTrade: true, quantity: '100' }), 'dt-place-1');
    expect(dt.status).toBe(1);
    expect(dt.data).toMatchObject({ origin: 'daytrade', status: 'holding' });
    const ordinary = await place(h(), m, order({ quantity: '100' }));
    expect(ordinary.data.origin).toBe('order');
    // A resting limit day trade counts its margin at its limit price.
    const limit = money(dt.data.openPrice as string)
      .times('0.95')
      .toDecimalPlaces(0)
      .toFixed();
    const resting = await place(h(), m, order({ dayTrade: true, type: 'limit', price: limit }));
    expect(resting.status, resting.msg).toBe(1);
    expect(resting.data).toMatchObject({ origin: 'daytrade', status: 'pending' });
    const o = (await overview(h(), m)).data;
    const used = money(dt.data.margin).plus(money(limit).times(100));
    expect(money(o.used).eq(used)).toBe(true);
    expect(money(o.remaining).eq(money('600000').minus(used))).toBe(true);
    expect(o.openTrades).toBe(2);
    // One more beyond the quota: refused with its key, nothing written.
    const before = await counts(h());
    const tooMuch = await place(h(), m, order({ dayTrade: true, quantity: '200' }), 'dt-too-much');
    expect([tooMuch.http, tooMuch.msg]).toEqual([422, errorKeys.daytrade.quotaExceeded]);
    expect(await counts(h())).toEqual(before);

    // The cut-off: 15:30 JST (demo default). Before it the job has nothing to do.
    const { jobs } = cutOffRunner(h());
    h().clock.advance(toCutOff - minute);
    await jobs.runDue();
    expect((await h().call<PositionWire>('trade/detail', { orderNo: dt.data.orderNo }, m.headers)).data.status).toBe(
      'holding',
    );
    h().clock.advance(minute);
    expect(await jobs.runDue()).toContain('daytrade.cutOff');
    const closed = await h().call<PositionWire & { entries: { reason: string }[] }>(
      'trade/detail',
      { orderNo: dt.data.orderNo },
      m.headers,
    );
    expect(closed.data).toMatchObject({ status: 'closed', closeReason: 'daytradeCutOff', origin: 'daytrade' });
    expect(closed.data.entries.map((e) => e.reason)).toContain('ledger.daytradeClosed');
    const cancelled = await h().call<PositionWire>('trade/detail', { orderNo: resting.data.orderNo }, m.headers);
    expect(cancelled.data.status).toBe('cancelled');
    // The ordinary position is not a day trade: untouched.
    expect(
      (await h().call<PositionWire>('trade/detail', { orderNo: ordinary.data.orderNo }, m.headers)).data.status,
    ).toBe('holding');
    expect((await overview(h(), m)).data).toMatchObject({ used: '0', remaining: '600000', openTrades: 0 });
    // After today's cut-off no day trade is taken (demo), until JST midnight.
    const late = await place(h(), m, order({ dayTrade: true }));
    expect([late.http, late.msg]).toEqual([422, errorKeys.daytrade.afterCutOff]);
    // A rerun of the period closes nothing twice.
    await h().db.query(
      `UPDATE job_runs SET outcome = 'failed: test', finished_at = '2000-01-01' WHERE job = 'daytrade.cutOff'`,
    );
    await jobs.runDue();
    expect((await closeEntries(h(), [dt.data.orderNo, resting.data.orderNo])).map((r) => r.n)).toEqual([1, 1]);
    // The member's books: margin of the ordinary position only; nothing frozen.
    const end = await books(h(), m);
    expect(money(end.frozen).eq(start.frozen)).toBe(true);
    expect(money(end.margin).eq(money(start.margin).plus(ordinary.data.margin))).toBe(true);
    // Member events for the screens.
    const [events] = await h().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'daytrade.changed' AND payload->>'reason' = 'daytradeCutOff'`,
    );
    expect(events?.n).toBeGreaterThanOrEqual(1);
    await expectReconciled(h());
    // Back to the morning of the next day for the tests that follow.
    h().clock.advance(24 * 60 * minute - toCutOff);
    staffSessions.delete(h());
  });

  it('parallel day trades of one member never exceed the quota', async () => {
    const m = await fundedMember(h(), '900000');
    m.headers = await h().signIn(m.account, 'abcd1234');
    const a = await apply(h(), m, '1');
    await decide(h(), a.data.id, 'approve');
    const one = (await preview(h(), m, order({ quantity: '100' }))).data;
    // Quota for exactly three positions of 100 shares at today's ask (the quote does not move unless stepped).
    await h().db.query(`UPDATE daytrade_applications SET quota = $2 WHERE id = $1`, [
      a.data.id,
      money(one.margin).times(3).toFixed(),
    ]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => place(h(), m, order({ dayTrade: true }), `par-dt-${i}`)),
    );
    expect(results.filter((r) => r.status === 1)).toHaveLength(3);
    expect(results.filter((r) => r.msg === errorKeys.daytrade.quotaExceeded)).toHaveLength(7);
    const o = (await overview(h(), m)).data;
    expect(money(o.used).lte(money(one.margin).times(3))).toBe(true);
    expect(o.remaining).toBe('0');
    await expectReconciled(h());
  });

  it('the cut-off job killed half-way and run again closes each day trade once', async () => {
    const traders = await Promise.all([trader(h(), '900000'), trader(h(), '900000')]);
    for (const m of traders)
      for (let i = 0; i < 3; i++) {
        const r = await place(h(), m, order({ dayTrade: true, side: i % 2 ? 'short' : 'long' }));
        expect(r.status, r.msg).toBe(1);
      }
    // Every day trade open now (the earlier test's too).
    const placed = (
      await h().db.query<{ order_no: string }>(
        `SELECT order_no FROM trade_positions WHERE origin = 'daytrade' AND status = 'holding' ORDER BY order_no`,
      )
    ).map((r) => r.order_no);
    expect(placed.length).toBeGreaterThanOrEqual(6);
    // One lane, so the transaction that fails is known: the barrier, one page of two, then the lost term.
    const { job } = cutOffRunner(h(), 2, 1);
    // The day's cut-off passes (the clock is in the morning after the earlier test's day).
    h().clock.advance(toCutOff);
    // A leader that loses its term after the first batch: one batch written, then nothing.
    let batches = 0;
    const dying: Fenced = (work) =>
      h().db.transaction(async (tx) => {
        if (batches++ >= 2) throw new LostLeadership();
        return work(tx);
      });
    await expect(job.run(h().clock.now(), dying)).rejects.toBeInstanceOf(LostLeadership);
    const half = await closeEntries(h(), placed);
    expect(half).toHaveLength(2);
    // The next leader runs the period again: the rest close, the first two are not closed twice.
    const fenced: Fenced = (work) => h().db.transaction(work);
    expect(await job.run(h().clock.now(), fenced)).toMatch(new RegExp(`^${placed.length - 2} day trades closed`));
    expect(await job.run(h().clock.now(), fenced)).toMatch(/^0 day trades closed/);
    const all = await closeEntries(h(), placed);
    expect(all.map((r) => [r.n, r.reason])).toEqual(placed.map(() => [1, 'ledger.daytradeClosed']));
    const rows = await h().db.query<{ status: string; close_reason: string }>(
      `SELECT status, close_reason FROM trade_positions WHERE order_no = ANY($1::text[])`,
      [placed],
    );
    expect(rows.every((r) => r.status === 'closed' && r.close_reason === 'daytradeCutOff')).toBe(true);
    await expectReconciled(h());
  });

  it('staff set the demo cut-off (admin only, audited with the reason); bad times refused', async () => {
    const staff = await staffOf(h());
    const m = await fundedMember(h());
    expect((await h().call('admin/daytrade/settings/save', { demoCutOff: '14:00', reason: 'x' }, m.headers)).http).toBe(
      403,
    );
    for (const bad of ['24:00', '9:00', '12:60', 'noon', '', 1400])
      expect(
        (await h().call('admin/daytrade/settings/save', { demoCutOff: bad, reason: 'Earlier close' }, staff)).msg,
      ).toBe(errorKeys.daytrade.cutOffInvalid);
    const saved = await h().call<{ demoCutOff: string }>(
      'admin/daytrade/settings/save',
      { demoCutOff: '14:05', reason: 'Earlier close for the demo' },
      staff,
    );
    expect(saved.data.demoCutOff).toBe('14:05');
    expect((await h().call<{ demoCutOff: string }>('admin/daytrade/settings', {}, staff)).data.demoCutOff).toBe(
      '14:05',
    );
    const [audit] = await h().db.query<{ target: string; reason: string }>(
      `SELECT target, reason FROM audit_log WHERE action = 'daytrade.settingsSave' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit).toEqual({ target: 'demoCutOff 15:30 → 14:05', reason: 'Earlier close for the demo' });
    expect((await overview(h(), m)).data.cutOff).toBe('14:05');
    await h().call('admin/daytrade/settings/save', { demoCutOff: '15:30', reason: 'Back to the usual' }, staff);
  });

  it('a day trade is never financed: the financing job skips it', async () => {
    toMorning(h());
    staffSessions.delete(h());
    const m = await trader(h(), '900000');
    const dt = await place(h(), m, order({ dayTrade: true, leverage: 2 }));
    expect(dt.status, dt.msg).toBe(1);
    const [row] = await h().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM trade_positions WHERE order_no = $1 AND origin = 'daytrade'`,
      [dt.data.orderNo],
    );
    expect(row?.n).toBe(1);
    const { financingJob } = await import('../trading/public.ts');
    const jobs = jobRunner({ db: h().db, clock: h().clock, leader: h().platform.leader, runner: 'fin-test' });
    jobs.register(financingJob(h().db));
    // The cut-off job is not run here: even left open past midnight, the day trade pays no financing.
    h().clock.advance(24 * 60 * minute);
    await jobs.runDue();
    const [fin] = await h().db.query<{ financing: string }>(
      `SELECT financing::text AS financing FROM trade_positions WHERE order_no = $1`,
      [dt.data.orderNo],
    );
    expect(money(fin?.financing ?? 'NaN').isZero()).toBe(true);
  });
});
