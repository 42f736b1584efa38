import { expect, it } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import { dailyFinancing } from '@kabuto/domain/trading/financing';
import { borrowedPart, notionalOf } from '@kabuto/domain/trading/margin';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import type { TimelineEntry } from '@kabuto/contracts/funds/records';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { jobRunner } from '../platform/public.ts';
import { expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';
import { financingJob } from './financing-job.ts';

const day = 24 * 3_600_000;

/** The database, except that every transaction (the job's fenced writes) fails while `failing` is set. */
function flaky(db: Database, failing: { on: boolean }): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return <T>(work: Parameters<Database['transaction']>[0]) =>
        target.transaction((tx) => {
          if (failing.on) throw new Error('connection reset (test)');
          return work(tx) as Promise<T>;
        });
    },
  });
}

async function financingOf(h: Harness, orderNo: string) {
  const [row] = await h.db.query<{ financing: string; through: string | null }>(
    `SELECT financing::text AS financing, financed_through::text AS through FROM trade_positions WHERE order_no = $1`,
    [orderNo],
  );
  const entries = await h.db.query<{ covers_from: string | null; covers_to: string | null }>(
    `SELECT covers_from::text AS covers_from, covers_to::text AS covers_to FROM journal_entries
      WHERE ref_type = 'trade' AND ref_id = $1 AND kind = 'trade_financing' ORDER BY id`,
    [orderNo],
  );
  return { financing: new Decimal(row?.financing ?? 'NaN').toFixed(), through: row?.through ?? null, entries };
}

/** One day's charge of the position, as the job's rule computes it. */
function oneDay(p: PositionWire, annualRate: string): Decimal {
  const borrowed = borrowedPart(notionalOf(p.openPrice as string, p.quantity), new Decimal(p.margin));
  return dailyFinancing(p.side, borrowed, { longAnnualRate: annualRate, shortAnnualRate: annualRate });
}

describeEachDatabase('financing is charged exactly once per position and day (issue 24 §2)', (h) => {
  it('a run that fails on day 1 is retried on a later tick; one that fails until day 3 charges days 1–3 once each', async () => {
    // The harness's own runner would run the job on its timer: this test runs it alone, on a database that can fail.
    await h().platform.jobs.stop();
    const m = await fundedMember(h());
    const retried = await place(h(), m, order({ leverage: 2, quantity: '200' }));
    const caughtUp = await place(h(), m, order({ leverage: 2, quantity: '300', symbol: '6758' }));
    const [rate] = await h().db.query<{ r: string }>(
      `SELECT financing_rate::text AS r FROM trade_positions WHERE order_no = $1`,
      [retried.data.orderNo],
    );
    const failing = { on: true };
    const db = flaky(h().db, failing);
    const jobs = jobRunner({ db, clock: h().clock, leader: h().platform.leader, runner: 'financing-test' });
    jobs.register(financingJob(db));

    // Day 1 (the next JST day, after 00:10): the run fails before charging anything.
    h().clock.advance(day);
    expect(await jobs.runDue()).toEqual(['trade.financing']);
    const [failed] = await h().db.query<{ outcome: string; attempts: number }>(
      `SELECT outcome, attempts FROM job_runs WHERE job = 'trade.financing' ORDER BY period_key DESC LIMIT 1`,
    );
    expect(failed?.outcome).toMatch(/^failed: /);
    expect((await financingOf(h(), retried.data.orderNo)).financing).toBe('0');
    // The very next tick is too soon (it backs off), a later one claims the failed period again and charges day 1.
    expect(await jobs.runDue()).toEqual([]);
    failing.on = false;
    h().clock.advance(11_000);
    expect(await jobs.runDue()).toEqual(['trade.financing']);
    const [second] = await h().db.query<{ outcome: string; attempts: number }>(
      `SELECT outcome, attempts FROM job_runs WHERE job = 'trade.financing' ORDER BY period_key DESC LIMIT 1`,
    );
    expect(second).toEqual({ outcome: '2 positions charged financing up to 2026-11-21', attempts: 2 });
    const day1 = oneDay(retried.data, rate?.r as string);
    expect(day1.gt(0)).toBe(true);
    expect(await financingOf(h(), retried.data.orderNo)).toEqual({
      financing: day1.toFixed(),
      through: '2026-11-21',
      entries: [{ covers_from: '2026-11-21', covers_to: '2026-11-21' }],
    });

    // Days 2 and 3: the day-2 run fails (and keeps failing); day 3's run charges days 2 and 3, once each.
    failing.on = true;
    h().clock.advance(day);
    await jobs.runDue();
    h().clock.advance(day);
    failing.on = false;
    expect(await jobs.runDue()).toEqual(['trade.financing']);
    const after = await financingOf(h(), caughtUp.data.orderNo);
    const perDay = oneDay(caughtUp.data, rate?.r as string);
    expect(after).toEqual({
      financing: perDay.times(3).toFixed(),
      through: '2026-11-23',
      entries: [
        { covers_from: '2026-11-21', covers_to: '2026-11-21' },
        { covers_from: '2026-11-22', covers_to: '2026-11-23' },
      ],
    });
    expect((await financingOf(h(), retried.data.orderNo)).financing).toBe(day1.times(3).toFixed());
    // Again the same day, and the failed day-2 period retried: nothing more is charged.
    h().clock.advance(60_000);
    await jobs.runDue();
    expect((await financingOf(h(), caughtUp.data.orderNo)).financing).toBe(perDay.times(3).toFixed());

    // The member reads which days each charge covers.
    m.headers = await h().signIn(m.account, 'abcd1234');
    const detail = await h().call<PositionWire & { entries: TimelineEntry[] }>(
      'trade/detail',
      { orderNo: caughtUp.data.orderNo },
      m.headers,
    );
    expect(detail.data.entries.filter((e) => e.kind === 'trade_financing').map((e) => e.covers)).toEqual([
      { from: '2026-11-21', to: '2026-11-21' },
      { from: '2026-11-22', to: '2026-11-23' },
    ]);
    await expectReconciled(h());
  });

  it('a close charges the days its position still owes first, in the same transaction, and the job then charges none', async () => {
    await h().platform.jobs.stop();
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ leverage: 2, quantity: '200', symbol: '9984' }));
    const [rate] = await h().db.query<{ r: string }>(
      `SELECT financing_rate::text AS r FROM trade_positions WHERE order_no = $1`,
      [placed.data.orderNo],
    );
    const failing = { on: true };
    const db = flaky(h().db, failing);
    const jobs = jobRunner({ db, clock: h().clock, leader: h().platform.leader, runner: 'financing-close-test' });
    jobs.register(financingJob(db));
    const start = (await financingOf(h(), placed.data.orderNo)).entries.length;
    // Days 1 to 3: every run fails; on day 3 the member closes before any retry.
    for (let d = 0; d < 3; d++) {
      h().clock.advance(day);
      await jobs.runDue();
    }
    const owed = await financingOf(h(), placed.data.orderNo);
    expect([owed.financing, owed.entries.length]).toEqual(['0', start]);
    m.headers = await h().signIn(m.account, 'abcd1234');
    const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(closed.status).toBe(1);
    const perDay = oneDay(placed.data, rate?.r as string);
    const charged = await financingOf(h(), placed.data.orderNo);
    expect(charged.financing).toBe(perDay.times(3).toFixed());
    // One entry, for the three days (the day after it opened, to the day of the close).
    const through = charged.through as string;
    const from = new Date(Date.parse(through) - 2 * day).toISOString().slice(0, 10);
    expect(charged.entries.slice(start)).toEqual([{ covers_from: from, covers_to: through }]);
    expect(closed.data.financing).toBe(perDay.times(3).toFixed());
    // The runs work again: the closed position owes nothing, and nothing more is charged.
    failing.on = false;
    h().clock.advance(60_000);
    await jobs.runDue();
    h().clock.advance(day);
    await jobs.runDue();
    expect((await financingOf(h(), placed.data.orderNo)).financing).toBe(perDay.times(3).toFixed());
    await expectReconciled(h());
  });
});
