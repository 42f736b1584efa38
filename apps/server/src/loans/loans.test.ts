import { expect, it } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { money } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { errorKeys } from '@kabuto/contracts/errors';
import type { LoanSummary, LoanWire, RepaymentWire } from '@kabuto/contracts/loans/loans';
import type { TimelineEntry } from '@kabuto/contracts/funds/records';
import { describeEachDatabase, nextAccount, type Harness } from '../test/harness.ts';
import { fund, verifiedFundedMember } from '../test/money-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { expectReconciled, type Member } from '../trading/trade-fixtures.ts';
import { jobRunner, type Fenced } from '../platform/public.ts';
import { loanInterestJob } from './loan-interest-job.ts';
import { reconcileLoans } from './loans.service.ts';

const day = 24 * 3_600_000;

// One staff session a harness until the clock jumps (staff sign-ins are throttled like everyone's).
const staffSessions = new WeakMap<Harness, Record<string, string>>();
async function staffOf(h: Harness): Promise<Record<string, string>> {
  const known = staffSessions.get(h);
  if (known) return known;
  const fresh = await staffHeaders(h);
  staffSessions.set(h, fresh);
  return fresh;
}

/** A verified member with one deposit: score 80 + 10 (verified) + 2 (deposit) = 92, so a 320,000-yen limit. */
const borrower = async (h: Harness, amount = '200000'): Promise<Member> =>
  verifiedFundedMember(h, await staffOf(h), amount, 1);

const apply = (h: Harness, m: Member, body: Record<string, unknown>, key?: string) =>
  h.call<LoanWire>('user/loan/apply', body, key ? { ...m.headers, 'idempotency-key': key } : m.headers);
const repay = (h: Harness, m: Member, body: Record<string, unknown>, key?: string) =>
  h.call<{ loan: LoanWire; repayment: RepaymentWire }>(
    'user/loan/repay',
    body,
    key ? { ...m.headers, 'idempotency-key': key } : m.headers,
  );
const summary = async (h: Harness, m: Member) => (await h.call<LoanSummary>('user/loan/summary', {}, m.headers)).data;
const decide = async (h: Harness, id: string, decision: 'approve' | 'reject', reason = 'Income checked') =>
  h.call<{ status: string }>('admin/loan/decide', { id, decision, reason }, await staffOf(h));

/** The member's JPY books as the ledger holds them. */
async function booksOf(h: Harness, account: string) {
  const rows = await h.db.query<{ book: string; balance: string }>(
    `SELECT a.book, a.balance::text AS balance FROM ledger_accounts a JOIN members m ON m.id = a.member_id
      WHERE m.account = $1 AND a.currency = 'JPY'`,
    [account],
  );
  const of = (b: string) => money(rows.find((r) => r.book === b)?.balance ?? '0').toFixed();
  return { available: of('available'), frozen: of('frozen'), loan: of('loan') };
}

async function counts(h: Harness) {
  const [row] = await h.db.query<{ loans: string; repayments: string; journal: string }>(
    `SELECT (SELECT count(*) FROM loans)::text AS loans, (SELECT count(*) FROM loan_repayments)::text AS repayments,
            (SELECT count(*) FROM journal_entries)::text AS journal`,
  );
  return row;
}

async function reconciled(h: Harness): Promise<void> {
  await expectReconciled(h);
  expect(await reconcileLoans(h.db)).toEqual([]);
}

/** An approved (paid-out) loan of `amount` yen for a new borrower. */
async function borrowed(h: Harness, amount = '100000', termDays = 90): Promise<{ m: Member; loan: LoanWire }> {
  const m = await borrower(h);
  const a = await apply(h, m, { amount, termDays, plan: 'anytime' });
  if (a.status !== 1) throw new Error(`apply refused: ${a.msg}`);
  const d = await decide(h, a.data.id, 'approve');
  if (d.data.status !== 'approved') throw new Error(`approval: ${d.msg}`);
  return { m, loan: a.data };
}

/** Moves the clock on: sessions expire, so staff and the given members sign in again. */
async function jump(h: Harness, ms: number, ...members: Member[]): Promise<void> {
  h.clock.advance(ms);
  staffSessions.delete(h);
  for (const m of members) m.headers = await h.signIn(m.account, 'abcd1234');
}

/** The database, except that the n-th transaction from now (a job's page) fails. */
function failingAt(db: Database, n: { left: number }): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return <T>(work: Parameters<Database['transaction']>[0]) =>
        target.transaction(async (tx) => {
          const out = (await work(tx)) as T;
          n.left -= 1;
          if (n.left === 0) throw new Error('killed halfway (test)');
          return out;
        });
    },
  });
}

describeEachDatabase('credit loans (issue 26)', (h) => {
  it('shows the score, the limit by its published rule, borrowable and borrowed', async () => {
    const m = await borrower(h());
    const s = await summary(h(), m);
    expect(s).toMatchObject({
      score: 92,
      creditLimit: '320000',
      borrowable: '320000',
      borrowed: '0',
      open: null,
      terms: { open: true, dailyRate: '0.0004', apr: '0.146', minTermDays: 7, maxTermDays: 365, scoreFloor: 60 },
    });
  });

  it('refuses every bad application with its key and HTTP code and writes nothing', async () => {
    const m = await borrower(h());
    const unverified = await h().member();
    const before = await counts(h());
    const books0 = await booksOf(h(), m.account);
    const ok = { amount: '100000', termDays: 30, plan: 'anytime' };
    const cases: [Record<string, unknown>, string, number][] = [
      [{ amount: '0' }, errorKeys.loan.amountInvalid, 400],
      [{ amount: '-5000' }, errorKeys.loan.amountInvalid, 400],
      [{ amount: '1000.5' }, errorKeys.loan.amountInvalid, 400],
      [{ amount: '1e5' }, errorKeys.loan.amountInvalid, 400],
      [{ amount: 'lots' }, errorKeys.loan.amountInvalid, 400],
      [{ amount: 100000 }, errorKeys.loan.amountInvalid, 400],
      [{ amount: '320001' }, errorKeys.loan.quotaInsufficient, 422],
      [{ termDays: 0 }, errorKeys.loan.termInvalid, 400],
      [{ termDays: 10_000 }, errorKeys.loan.termInvalid, 400],
      [{ termDays: 6 }, errorKeys.loan.termInvalid, 400],
      [{ termDays: 1.5 }, errorKeys.loan.termInvalid, 400],
      [{ termDays: '30' }, errorKeys.loan.termInvalid, 400],
      [{ plan: 'whenever' }, errorKeys.request.invalid, 400],
    ];
    for (const [over, key, http] of cases) {
      const res = await apply(h(), m, { ...ok, ...over });
      expect([JSON.stringify(over), res.http, res.msg]).toEqual([JSON.stringify(over), http, key]);
    }
    const nameless = await apply(h(), unverified, ok);
    expect([nameless.http, nameless.msg]).toEqual([403, errorKeys.verification.required]);
    expect(await counts(h())).toEqual(before);
    expect(await booksOf(h(), m.account)).toEqual(books0);

    // One loan at a time: a second application while the first waits, and while it is owed.
    const first = await apply(h(), m, ok, 'loan-key-1');
    expect(first.status).toBe(1);
    expect(first.data).toMatchObject({ status: 'pending', amount: '100000', termDays: 30, plan: 'anytime' });
    expect(first.data.orderNo).toMatch(/^L\d{20}$/);
    expect((await apply(h(), m, ok, 'loan-key-1')).data.id).toBe(first.data.id);
    const second = await apply(h(), m, { ...ok, amount: '1000' });
    expect([second.http, second.msg]).toEqual([409, errorKeys.loan.unpaidFirst]);
    expect((await decide(h(), first.data.id, 'approve')).data.status).toBe('approved');
    expect((await apply(h(), m, { ...ok, amount: '1000' })).msg).toBe(errorKeys.loan.unpaidFirst);

    // Staff close lending: "borrow quota full or channel closed".
    const staff = await staffOf(h());
    const settings = (await h().call<Record<string, unknown>>('admin/loan/settings', {}, staff)).data;
    const terms = {
      open: false,
      dailyRate: settings.dailyRate,
      minTermDays: settings.minTermDays,
      maxTermDays: settings.maxTermDays,
      yenPerPoint: settings.yenPerPoint,
      scoreFloor: settings.scoreFloor,
    };
    const closed = await h().call('admin/loan/settingsSave', { ...terms, reason: 'Funding line paused' }, staff);
    expect(closed.status).toBe(1);
    const other = await borrower(h());
    const refused = await apply(h(), other, ok);
    expect([refused.http, refused.msg]).toEqual([409, errorKeys.loan.closed]);
    expect(
      (await h().call('admin/loan/settingsSave', { ...terms, open: true, reason: 'Funding line restored' }, staff))
        .status,
    ).toBe(1);
    // Bad terms are refused, and members cannot set or read them, even claiming to be staff.
    for (const bad of [{ dailyRate: '0.01' }, { minTermDays: 0 }, { maxTermDays: 10_000 }, { yenPerPoint: '-1' }])
      expect(
        (await h().call('admin/loan/settingsSave', { ...terms, ...bad, reason: 'Trying bad terms' }, staff)).msg,
      ).toBe(errorKeys.request.invalid);
    expect((await h().call('admin/loan/settingsSave', { ...terms, reason: '' }, staff)).msg).toBe(
      errorKeys.admin.reasonRequired,
    );
    expect(
      (
        await h().call(
          'admin/loan/settingsSave',
          { ...terms, reason: 'Members may not' },
          { ...m.headers, 'is-admin': '1' },
        )
      ).http,
    ).toBe(403);
    expect((await h().call('admin/loan/applications', {}, { ...m.headers, 'is-admin': '1' })).http).toBe(403);
    const [audit] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action = 'loan.settingsSave' AND reason = 'Funding line paused'`,
    );
    expect(audit?.n).toBe('1');
    await reconciled(h());
  });

  it('applies, is approved and paid out, accrues daily interest once a day, and is repaid in full', async () => {
    await h().platform.jobs.stop();
    const m = await borrower(h());
    const start = await booksOf(h(), m.account);
    const a = await apply(h(), m, { amount: '100000', termDays: 90, plan: 'instalments' });
    expect(a.status).toBe(1);
    expect((await summary(h(), m)).borrowable).toBe('220000');
    const queue = await h().call<{ items: { id: string; account: string; score: number; creditLimit: string }[] }>(
      'admin/loan/applications',
      { status: 'pending', pageSize: 100 },
      await staffOf(h()),
    );
    expect(queue.data.items.find((i) => i.id === a.data.id)).toMatchObject({
      account: m.account,
      score: 92,
      creditLimit: '320000',
    });
    expect((await h().call<{ loans: number }>('admin/queues/counts', {}, await staffOf(h()))).data.loans).toBe(1);
    expect((await decide(h(), a.data.id, 'approve', 'Affordability confirmed')).data.status).toBe('approved');
    expect(await booksOf(h(), m.account)).toEqual({
      available: money(start.available).plus(100000).toFixed(),
      frozen: '0',
      loan: '-100000',
    });
    let s = await summary(h(), m);
    expect(s).toMatchObject({ borrowed: '100000', borrowable: '220000' });
    expect(s.open).toMatchObject({
      status: 'approved',
      principal: '100000',
      interest: '0',
      remarks: 'Affordability confirmed',
    });
    await reconciled(h());

    // Three days later: the job charges 3 × 40 yen in one entry covering the three days; a rerun charges nothing.
    await jump(h(), 3 * day, m);
    const jobs = jobRunner({ db: h().db, clock: h().clock, leader: h().platform.leader, runner: 'loan-test' });
    const job = loanInterestJob(h().db);
    jobs.register(job);
    expect(await jobs.runDue()).toEqual(['loan.interest']);
    s = await summary(h(), m);
    expect(s.open).toMatchObject({
      principal: '100000',
      interest: '120',
      interestCharged: '120',
      interestThrough: '2026-11-23',
    });
    expect(s.borrowed).toBe('100120');
    const journal = (await counts(h()))?.journal;
    await job.run(h().clock.now(), (work) => h().db.transaction(work));
    expect((await counts(h()))?.journal).toBe(journal);
    const timeline = await h().call<{ items: TimelineEntry[] }>('user/timeline', { pageSize: 10 }, m.headers);
    expect(timeline.data.items[0]).toMatchObject({ reason: 'ledger.loanInterest' });
    expect(timeline.data.items.map((e) => e.reason)).toContain('ledger.loanDisbursed');
    await reconciled(h());

    // A partial repayment pays the interest first; the day of the repayment is charged first, once.
    await jump(h(), day, m);
    const part = await repay(h(), m, { id: a.data.id, amount: '50000' }, 'repay-key-1');
    expect([part.status, part.msg]).toEqual([1, 'success.repaid']);
    expect(part.data.repayment).toMatchObject({ amount: '50000', interestPaid: '160', principalPaid: '49840' });
    expect(part.data.loan).toMatchObject({
      status: 'approved',
      principal: '50160',
      interest: '0',
      interestCharged: '160',
    });
    expect((await repay(h(), m, { id: a.data.id, amount: '50000' }, 'repay-key-1')).data.repayment.id).toBe(
      part.data.repayment.id,
    );
    // The job later that day finds nothing to charge.
    await job.run(h().clock.now(), (work) => h().db.transaction(work));
    const over = await repay(h(), m, { id: a.data.id, amount: '50161' });
    expect([over.http, over.msg]).toEqual([422, errorKeys.loan.repayExceeds]);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc'])
      expect((await repay(h(), m, { id: a.data.id, amount: bad })).msg).toBe(errorKeys.loan.amountInvalid);
    const rest = await repay(h(), m, { id: a.data.id, amount: '50160' });
    expect(rest.data.loan).toMatchObject({ status: 'repaid', principal: '0', interest: '0', repaidTotal: '100160' });
    expect(rest.data.loan.repaidAt).not.toBeNull();
    const done = await repay(h(), m, { id: a.data.id, amount: '1' });
    expect([done.http, done.msg]).toEqual([409, errorKeys.loan.notOutstanding]);
    expect(await booksOf(h(), m.account)).toEqual({
      available: money(start.available).minus(160).toFixed(),
      frozen: '0',
      loan: '0',
    });
    const records = await h().call<{ items: RepaymentWire[]; total: number }>('user/loan/repayments', {}, m.headers);
    expect(records.data.total).toBe(2);
    const loans = await h().call<{ items: LoanWire[] }>('user/loan/list', {}, m.headers);
    expect(loans.data.items[0]).toMatchObject({ id: a.data.id, status: 'repaid', plan: 'instalments' });
    // Repaid, the member may borrow again.
    expect((await apply(h(), m, { amount: '1000', termDays: 30, plan: 'anytime' })).status).toBe(1);
    await reconciled(h());
  });

  it('a rejection keeps its reason and moves nothing', async () => {
    const m = await borrower(h());
    const start = await booksOf(h(), m.account);
    const a = await apply(h(), m, { amount: '5000', termDays: 30, plan: 'anytime' });
    expect((await decide(h(), a.data.id, 'reject', 'Income not evidenced')).data.status).toBe('rejected');
    const [loan] = (await h().call<{ items: LoanWire[] }>('user/loan/list', {}, m.headers)).data.items;
    expect(loan).toMatchObject({ status: 'rejected', remarks: 'Income not evidenced', disbursedAt: null });
    expect(await booksOf(h(), m.account)).toEqual(start);
    expect((await decide(h(), a.data.id, 'approve')).msg).toBe(errorKeys.order.notInReview);
    await reconciled(h());
  });

  it('parallel repayments never repay more than is owed', async () => {
    const { m, loan } = await borrowed(h(), '30000');
    const answers = await Promise.all(Array.from({ length: 8 }, () => repay(h(), m, { id: loan.id, amount: '10000' })));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 1).map((a) => a.msg)).toEqual(
      Array.from({ length: 5 }, () => expect.stringMatching(/^errors\.loan\.(repayExceeds|notOutstanding)$/)),
    );
    const [row] = await h().db.query<{ status: string; principal: string; repaid: string }>(
      `SELECT status, principal::text AS principal, repaid_total::text AS repaid FROM loans WHERE id = $1`,
      [loan.id],
    );
    expect([row?.status, money(row?.principal ?? 'NaN').toFixed(), money(row?.repaid ?? 'NaN').toFixed()]).toEqual([
      'repaid',
      '0',
      '30000',
    ]);
    expect((await booksOf(h(), m.account)).loan).toBe('0');
    await reconciled(h());
  });

  it('an interest run killed halfway, then rerun, charges each loan once per day', async () => {
    await h().platform.jobs.stop();
    const loans = [await borrowed(h(), '100000'), await borrowed(h(), '200000'), await borrowed(h(), '50000')];
    await jump(h(), 2 * day);
    const today = sessionDate(h().clock.now());
    // Every loan owed that the run has days to charge (earlier tests' loans too): each must be charged once.
    const due = (
      await h().db.query<{ id: string }>(
        `SELECT id::text AS id FROM loans WHERE status = 'approved' AND interest_through < $1::date`,
        [today],
      )
    ).map((r) => r.id);
    expect(due).toEqual(expect.arrayContaining(loans.map((l) => l.loan.id)));
    const movedOn = async () =>
      Number(
        (
          await h().db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM loans WHERE id = ANY($1::uuid[]) AND interest_through = $2::date`,
            [due, today],
          )
        )[0]?.n,
      );
    // Pages of one loan: the second page's transaction dies, after the first page committed.
    const n = { left: 2 };
    const db = failingAt(h().db, n);
    const fenced: Fenced = (work) => db.transaction(work);
    await expect(loanInterestJob(db, { pageSize: 1 }).run(h().clock.now(), fenced)).rejects.toThrow('killed halfway');
    expect(await movedOn()).toBe(1);
    // The rerun (and a third run) charge the others, and the first not again: two days each.
    n.left = -1;
    await loanInterestJob(db, { pageSize: 1 }).run(h().clock.now(), fenced);
    await loanInterestJob(db, { pageSize: 1 }).run(h().clock.now(), fenced);
    expect(await movedOn()).toBe(due.length);
    const rows = await h().db.query<{ id: string; interest: string; through: string }>(
      `SELECT id::text AS id, interest_charged::text AS interest, interest_through::text AS through FROM loans
        WHERE id = ANY($1::uuid[])`,
      [loans.map((l) => l.loan.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, [money(r.interest).toFixed(), r.through]]));
    expect(loans.map((l) => byId.get(l.loan.id))).toEqual([
      ['80', today],
      ['160', today],
      ['40', today],
    ]);
    const [all] = await h().db.query<{ n: string; distinct: string }>(
      `SELECT count(*)::text AS n, count(DISTINCT ref_id)::text AS distinct FROM journal_entries
        WHERE kind = 'loan_interest' AND ref_id = ANY($1::text[]) AND covers_to = $2::date`,
      [due, today],
    );
    expect(all).toEqual({ n: String(due.length), distinct: String(due.length) });
    const [entries] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'loan_interest' AND ref_id = ANY($1::text[])`,
      [loans.map((l) => l.loan.id)],
    );
    expect(entries?.n).toBe('3');
    await reconciled(h());
  });

  it('no member reads or repays another member’s loans', async () => {
    const { m, loan } = await borrowed(h(), '10000');
    const other = await borrower(h());
    expect((await h().call<{ total: number }>('user/loan/list', {}, other.headers)).data.total).toBe(0);
    expect((await h().call<{ total: number }>('user/loan/repayments', {}, other.headers)).data.total).toBe(0);
    expect((await summary(h(), other)).open).toBeNull();
    const theft = await repay(h(), other, { id: loan.id, amount: '1000' });
    expect([theft.http, theft.msg]).toEqual([404, errorKeys.loan.notFound]);
    expect((await repay(h(), other, { id: 'nope', amount: '1000' })).msg).toBe(errorKeys.loan.notFound);
    expect((await summary(h(), m)).open?.id).toBe(loan.id);
    expect((await h().call('user/loan/list', {}, {})).http).toBe(401);
  });

  it('refuses a staff member deciding their own loan application', async () => {
    const staff = await staffOf(h());
    await h().db.query(
      `UPDATE members SET real_name_status = 'verified', real_name = 'スタッフ イチロウ' WHERE account = $1`,
      [h().seed.staffAccount],
    );
    const me = { account: h().seed.staffAccount, headers: staff };
    const account = nextAccount();
    expect(
      (
        await h().call(
          'admin/staff/create',
          { account, password: 'SecondStaff9', role: 'reviewer', reason: 'Second reviewer' },
          staff,
        )
      ).status,
    ).toBe(1);
    const second = await h().signIn(account, 'SecondStaff9');
    await fund(h(), me, '1000', second);
    const own = await apply(h(), me, { amount: '5000', termDays: 30, plan: 'anytime' });
    expect(own.status).toBe(1);
    const answer = await decide(h(), own.data.id, 'approve', 'me');
    expect([answer.http, answer.msg]).toEqual([403, errorKeys.review.ownCase]);
    const [row] = await h().db.query<{ status: string }>(`SELECT status FROM loans WHERE id = $1`, [own.data.id]);
    expect(row?.status).toBe('pending');
  });
});
