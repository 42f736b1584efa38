import { expect, it } from 'vitest';
import type { IpoEntry, Offering } from '@kabuto/contracts/ipo/offerings';
import type { LoanWire } from '@kabuto/contracts/loans/loans';
import type { NoticeWire } from '@kabuto/contracts/notices/notices';
import { verifiedFundedMember } from '../test/money-fixtures.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { jobRunner } from '../platform/public.ts';
import { ipoJob, winsAwaitingPayment } from '../ipo/public.ts';
import { loansDueBy } from '../loans/public.ts';
import { reminderJob } from './reminder-job.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

type Member = { account: string; password: string; headers: Record<string, string> };

/** The harness's own job loop stopped; a runner of the IPO steps and the reminders that the test drives. */
async function runner(h: Harness) {
  await h.platform.jobs.stop();
  const jobs = jobRunner({ db: h.db, clock: h.clock, leader: h.platform.leader, runner: 'reminders-test' });
  jobs.register(ipoJob(h.db));
  jobs.register(reminderJob(h.db, { wins: winsAwaitingPayment, loans: loansDueBy }));
  return jobs;
}

/** Time passes: sessions end, so each member signs in again. */
async function later(h: Harness, ms: number, members: Member[]): Promise<void> {
  h.clock.advance(ms);
  for (const m of members) m.headers = await h.signIn(m.account, m.password);
}

/** The member's notices with these keys, as [key, params, link], newest first. */
async function reminders(h: Harness, m: Member, keys: string[]) {
  const page = await h.call<{ items: NoticeWire[] }>('user/notices/list', {}, m.headers);
  return page.data.items.filter((n) => keys.includes(n.key)).map((n) => [n.key, n.params, n.link]);
}

describeEachDatabase('reminders before a member’s deadline (issue 27)', (h) => {
  it('reminds an unpaid IPO winner once in the last day before the payment deadline, and not one who paid', async () => {
    const jobs = await runner(h());
    const staff = await staffHeaders(h());
    const at = (ms: number) => new Date(h().clock.now().getTime() + ms).toISOString();
    const created = await h().call<Offering>(
      'admin/ipo/create',
      {
        code: '801Y',
        nameJp: 'リマインド工業',
        nameEn: 'Remind Industries',
        nameTw: '提醒工業',
        price: '1000',
        sharesOnOffer: '200',
        opensAt: at(minute),
        closesAt: at(hour),
        drawAt: at(2 * hour),
        payBy: at(3 * day),
        listsAt: at(4 * day),
        lockUpUntil: null,
        reason: 'Underwriting agreement signed',
      },
      staff,
    );
    expect(created.status).toBe(1);
    h().clock.advance(2 * minute);
    const [payer, forgetful] = (await Promise.all([
      verifiedFundedMember(h(), staff, '300000'),
      verifiedFundedMember(h(), staff, '300000'),
    ])) as [Member, Member];
    for (const m of [payer, forgetful])
      expect((await h().call('market/ipo/subscribe', { id: created.data.id, shares: '100' }, m.headers)).status).toBe(
        1,
      );

    // Drawn: two units for two members asking one each, so both win; the deadline is nearly three days off.
    await later(h(), 2 * hour, [payer, forgetful]);
    await jobs.runDue();
    const entry = async (m: Member) =>
      (await h().call<Offering & { mine: IpoEntry }>('market/ipo/detail', { id: created.data.id }, m.headers)).data
        .mine;
    expect([(await entry(payer)).status, (await entry(forgetful)).status]).toEqual(['won', 'won']);
    expect((await h().call('market/ipo/pay', { entryId: (await entry(payer)).id }, payer.headers)).status).toBe(1);
    expect(await reminders(h(), forgetful, ['notices.text.ipo.paymentDue'])).toEqual([]);

    // Twelve hours before the deadline: the one who has not confirmed is reminded, once, however often the job runs.
    await later(h(), 3 * day - 2 * hour - 2 * minute - 12 * hour, [payer, forgetful]);
    await jobs.runDue();
    h().clock.advance(10 * minute);
    await jobs.runDue();
    await jobs.runDue();
    for (let i = 0; i < 3; i++) await h().platform.relay.relayOnce();
    expect(await reminders(h(), forgetful, ['notices.text.ipo.paymentDue'])).toEqual([
      [
        'notices.text.ipo.paymentDue',
        { symbol: '801Y', deadline: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) as string },
        '/market/subscribeRecord',
      ],
    ]);
    expect(await reminders(h(), payer, ['notices.text.ipo.paymentDue'])).toEqual([]);
    const [row] = await h().db.query<{ n: string; events: string }>(
      `SELECT (SELECT count(*) FROM notices WHERE reminder_key LIKE 'ipo.payBy:%')::text AS n,
              (SELECT count(*) FROM outbox WHERE type = 'notice.created'
                  AND payload->>'topic' = 'ipo' AND member_id = (SELECT id FROM members WHERE account = $1))::text AS events`,
      [forgetful.account],
    );
    // One reminder; the forgetful member's IPO notices are the win and the reminder, each announced once.
    expect(row).toEqual({ n: '1', events: '2' });
  });

  it('reminds a borrower in the last three days before the due date, and once when it has passed', async () => {
    const jobs = await runner(h());
    const staff = await staffHeaders(h());
    const m = (await verifiedFundedMember(h(), staff, '200000', 1)) as Member;
    const applied = await h().call<LoanWire>(
      'user/loan/apply',
      { amount: '50000', termDays: 10, plan: 'anytime' },
      m.headers,
    );
    expect(applied.status).toBe(1);
    const decided = await h().call<{ status: string }>(
      'admin/loan/decide',
      { id: applied.data.id, decision: 'approve', reason: 'Income checked' },
      staff,
    );
    expect(decided.data.status).toBe('approved');
    const keys = ['notices.text.loan.dueSoon', 'notices.text.loan.overdue'];
    const [loan] = await h().db.query<{ order_no: string; due: string }>(
      `SELECT order_no, ((disbursed_at AT TIME ZONE 'Asia/Tokyo')::date + term_days)::text AS due FROM loans WHERE id = $1`,
      [applied.data.id],
    );

    // Six days on, four before the due date: nothing yet.
    await later(h(), 6 * day, [m]);
    await jobs.runDue();
    expect(await reminders(h(), m, keys)).toEqual([]);
    // Seven days on: due in three days, reminded once however often the job runs.
    await later(h(), day, [m]);
    await jobs.runDue();
    await later(h(), day, [m]);
    await jobs.runDue();
    for (let i = 0; i < 3; i++) await h().platform.relay.relayOnce();
    const soon = ['notices.text.loan.dueSoon', { target: loan?.order_no, date: loan?.due }, '/user/jkjl'];
    expect(await reminders(h(), m, keys)).toEqual([soon]);
    // Past the due date and not repaid: one more, then nothing however long it stays owed.
    await later(h(), 3 * day, [m]);
    await jobs.runDue();
    await later(h(), 2 * day, [m]);
    await jobs.runDue();
    for (let i = 0; i < 3; i++) await h().platform.relay.relayOnce();
    expect(await reminders(h(), m, keys)).toEqual([
      ['notices.text.loan.overdue', { target: loan?.order_no, date: loan?.due }, '/user/jkjl'],
      soon,
    ]);
  });
});
