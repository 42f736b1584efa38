import { expect, it } from 'vitest';
import { checkDraw } from '@kabuto/domain/ipo/lottery';
import { errorKeys } from '@kabuto/contracts/errors';
import type { IpoEntry, Offering } from '@kabuto/contracts/ipo/offerings';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { verifiedFundedMember } from '../test/money-fixtures.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { books, expectReconciled, type Member } from '../trading/trade-fixtures.ts';
import { jobRunner } from '../platform/public.ts';
import { drawOffering, lapseOffering } from './ipo-job.ts';
import { ipoJob } from './public.ts';

const minute = 60_000;
let codeCounter = 0;
/** A code no listed stock has (the universe is numeric; these end in a letter). */
const nextCode = (): string => `9${String(100 + codeCounter++).slice(-2)}Z`;

/** An offering whose window opens in a minute, closes in an hour, draws at two, pays by a day, lists in two. */
function terms(h: Harness, over: Record<string, unknown> = {}) {
  const at = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
  return {
    code: nextCode(),
    nameJp: 'カブト新興',
    nameEn: 'Kabuto Shinko',
    nameTw: '兜新興',
    price: '1200',
    sharesOnOffer: '300',
    opensAt: at(minute),
    closesAt: at(60 * minute),
    drawAt: at(120 * minute),
    payBy: at(24 * 60 * minute),
    listsAt: at(48 * 60 * minute),
    lockUpUntil: null,
    reason: 'Underwriting agreement signed',
    ...over,
  };
}

// One staff session a harness until the clock jumps (staff sign-ins are throttled like everyone's).
const staffSessions = new WeakMap<Harness, Record<string, string>>();
async function staffOf(h: Harness): Promise<Record<string, string>> {
  const known = staffSessions.get(h);
  if (known) return known;
  const fresh = await staffHeaders(h);
  staffSessions.set(h, fresh);
  return fresh;
}

async function offering(h: Harness, over: Record<string, unknown> = {}): Promise<Offering> {
  const res = await h.call<Offering>('admin/ipo/create', terms(h, over), await staffOf(h));
  if (res.status !== 1) throw new Error(`offering refused: ${res.msg}`);
  return res.data;
}

type Subscriber = Member & { password: string };

/** A verified member with `amount` yen deposited. */
const subscriber = async (h: Harness, amount = '500000'): Promise<Subscriber> =>
  verifiedFundedMember(h, await staffOf(h), amount);

/** Hours pass: the members' sessions have ended, so each signs in again. */
async function later(h: Harness, ms: number, members: Subscriber[]): Promise<void> {
  h.clock.advance(ms);
  staffSessions.delete(h);
  for (const m of members) m.headers = await h.signIn(m.account, m.password);
}

const subscribe = (h: Harness, m: Member, id: string, shares: unknown, key?: string) =>
  h.call<IpoEntry>('market/ipo/subscribe', { id, shares }, key ? { ...m.headers, 'idempotency-key': key } : m.headers);

const entryOf = async (h: Harness, m: Member, offeringId: string): Promise<IpoEntry | null> => {
  const res = await h.call<Offering & { mine: IpoEntry | null }>('market/ipo/detail', { id: offeringId }, m.headers);
  if (res.status !== 1) throw new Error(`detail refused: ${res.msg}`);
  return res.data.mine;
};

async function counts(h: Harness) {
  const [row] = await h.db.query<{ offerings: string; entries: string; entriesKeyed: string; journal: string }>(
    `SELECT (SELECT count(*) FROM ipo_offerings)::text AS offerings, (SELECT count(*) FROM ipo_entries)::text AS entries,
            (SELECT count(*) FROM journal_entries)::text AS journal`,
  );
  return row;
}

describeEachDatabase('IPO offerings and subscriptions (issue 25)', (h) => {
  it('refuses bad terms with catalogued keys and writes nothing', async () => {
    const staff = await staffOf(h());
    const before = await counts(h());
    const t = terms(h());
    const cases: [Record<string, unknown>, string][] = [
      [{ closesAt: t.opensAt }, errorKeys.ipo.timesOutOfOrder],
      [{ drawAt: new Date(Date.parse(t.closesAt) - minute).toISOString() }, errorKeys.ipo.timesOutOfOrder],
      [{ listsAt: t.drawAt }, errorKeys.ipo.timesOutOfOrder],
      [{ opensAt: new Date(h().clock.now().getTime() - minute).toISOString() }, errorKeys.ipo.timesInPast],
      [{ lockUpUntil: new Date(Date.parse(t.listsAt) - minute).toISOString() }, errorKeys.ipo.lockUpBeforeListing],
      [{ code: '7203' }, errorKeys.ipo.codeTaken],
      [{ price: '0' }, errorKeys.ipo.priceInvalid],
      [{ price: '-5' }, errorKeys.ipo.priceInvalid],
      [{ price: '1e3' }, errorKeys.ipo.priceInvalid],
      [{ sharesOnOffer: '150' }, errorKeys.ipo.sharesOnOfferInvalid],
      [{ sharesOnOffer: '0' }, errorKeys.ipo.sharesOnOfferInvalid],
      [{ sharesOnOffer: 'lots' }, errorKeys.ipo.sharesOnOfferInvalid],
      [{ opensAt: 'tomorrow' }, errorKeys.request.invalid],
      [{ nameJp: 'x'.repeat(10_240) }, errorKeys.request.invalid],
      [{ reason: '' }, errorKeys.admin.reasonRequired],
    ];
    for (const [over, key] of cases) {
      const res = await h().call('admin/ipo/create', { ...t, ...over }, staff);
      expect([JSON.stringify(over).slice(0, 60), res.msg]).toEqual([JSON.stringify(over).slice(0, 60), key]);
      expect(res.http).toBeLessThan(500);
    }
    expect(await counts(h())).toEqual(before);
    // A member cannot create one, whatever header it sends.
    const m = await h().member();
    const res = await h().call('admin/ipo/create', t, { ...m.headers, 'is-admin': '1' });
    expect(res.http).toBe(403);
  });

  it('takes one subscription per member inside the window, in 100-share units, holding price × shares', async () => {
    const o = await offering(h());
    const m = await subscriber(h());
    // The commitment is published from the start; the secret is not.
    expect(o.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(o.secret).toBeNull();
    expect((await subscribe(h(), m, o.id, '100')).msg).toBe(errorKeys.ipo.notSubscriptionTime);
    h().clock.advance(2 * minute);
    for (const bad of ['150', '0', '-100', '1.5', '1e3', 'abc', '', 100, null])
      expect([bad, (await subscribe(h(), m, o.id, bad)).msg]).toEqual([bad, errorKeys.ipo.sharesRequired]);
    expect((await subscribe(h(), m, o.id, '100000')).msg).toBe(errorKeys.funds.insufficientAvailable);
    expect((await subscribe(h(), m, '999999', '100')).msg).toBe(errorKeys.ipo.notFound);
    const unverified = await h().member();
    expect((await subscribe(h(), unverified, o.id, '100')).msg).toBe(errorKeys.verification.required);
    expect(await books(h(), m)).toMatchObject({ available: '500000', frozen: '0' });

    const ok = await subscribe(h(), m, o.id, '200');
    expect(ok.data).toMatchObject({ status: 'awaitingDraw', shares: '200', held: '240000', won: '0' });
    expect(await books(h(), m)).toMatchObject({ available: '260000', frozen: '240000' });
    expect((await subscribe(h(), m, o.id, '100')).msg).toBe(errorKeys.ipo.notInSubscriptionState);
    // After the window: nobody else gets in.
    const late = await subscriber(h());
    h().clock.advance(60 * minute);
    expect((await subscribe(h(), late, o.id, '100')).msg).toBe(errorKeys.ipo.notInSubscriptionState);
    await expectReconciled(h());
  });

  it('lets exactly one of 20 parallel tries of one member in, and a retried key finds its entry', async () => {
    const o = await offering(h());
    const m = await subscriber(h());
    h().clock.advance(2 * minute);
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(h(), m, o.id, '100')));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 0).every((a) => a.msg === errorKeys.ipo.notInSubscriptionState)).toBe(
      true,
    );
    expect(await books(h(), m)).toMatchObject({ frozen: '120000' });
    const keyed = await subscriber(h());
    const first = await subscribe(h(), keyed, o.id, '100', 'ipo-key-1');
    const again = await subscribe(h(), keyed, o.id, '100', 'ipo-key-1');
    expect(again.data.id).toBe(first.data.id);
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ipo_entries WHERE offering_id = $1`,
      [o.id],
    );
    expect(n?.n).toBe('2');
    await expectReconciled(h());
  });

  it('draws once from the committed secret; each member recomputes it; winners pay and lapse; nobody reads another', async () => {
    await h().platform.jobs.stop();
    const jobs = jobRunner({ db: h().db, clock: h().clock, leader: h().platform.leader, runner: 'ipo-test' });
    jobs.register(ipoJob(h().db));
    const o = await offering(h(), { sharesOnOffer: '300' });
    h().clock.advance(2 * minute);
    const members = await Promise.all(Array.from({ length: 5 }, () => subscriber(h())));
    for (const m of members) expect((await subscribe(h(), m, o.id, '200')).status).toBe(1);
    // Before the draw there is nothing to read.
    expect((await h().call('market/ipo/draw', { id: o.id }, members[0]!.headers)).msg).toBe(errorKeys.ipo.notDrawn);

    // A draw cut off before its commit writes nothing; the job then draws once, and again finds nothing to do.
    await later(h(), 120 * minute, members);
    await expect(
      h().db.transaction(async (tx) => {
        await drawOffering(tx, o.id, h().clock.now());
        throw new Error('killed halfway');
      }),
    ).rejects.toThrow('killed halfway');
    expect((await entryOf(h(), members[0]!, o.id))?.status).toBe('awaitingDraw');
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    h().clock.advance(5_000);
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    const [runs] = await h().db.query<{ released: string }>(
      `SELECT count(*)::text AS released FROM journal_entries
        WHERE kind = 'ipo_release' AND ref_id IN (SELECT id::text FROM ipo_entries WHERE offering_id = $1)`,
      [o.id],
    );

    const entries = await Promise.all(members.map((m) => entryOf(h(), m, o.id)));
    const winners = entries.filter((e) => e?.status === 'won');
    const losers = entries.filter((e) => e?.status === 'notWon');
    // Three units among five members asking two each: equal odds give three members one unit each.
    expect(winners).toHaveLength(3);
    expect(losers).toHaveLength(2);
    expect(winners.every((e) => e?.won === '100' && e.held === '120000')).toBe(true);
    expect(losers.every((e) => e?.held === '0')).toBe(true);
    // One release per entry (each winner's unasked part and each loser's whole hold), not one more after the rerun.
    expect(runs?.released).toBe('5');

    const published = await h().call<{
      commitment: string;
      secret: string;
      sharesOnOffer: string;
      entries: { id: string; account: string; shares: string; won: string }[];
      mine: string | null;
    }>('market/ipo/draw', { id: o.id }, members[0]!.headers);
    const d = published.data;
    expect(d.commitment).toBe(o.commitment);
    expect(d.entries.every((e) => /^\d{2}\*{4}\d{4}$/.test(e.account))).toBe(true);
    expect(d.mine).toBe(entries[0]?.id);
    const check = await checkDraw({
      commitment: d.commitment,
      secret: d.secret,
      entries: d.entries,
      sharesOnOffer: d.sharesOnOffer,
      result: d.entries,
    });
    expect(check.ok).toBe(true);

    // Payment: only the winner's own entry, once; the shares become a locked position under the IPO origin.
    const winnerAt = entries.findIndex((e) => e?.status === 'won');
    const winner = members[winnerAt]!;
    const entry = entries[winnerAt]!;
    const other = members.find((_, i) => i !== winnerAt)!;
    expect((await h().call('market/ipo/pay', { entryId: entry.id }, other.headers)).msg).toBe(errorKeys.order.notExist);
    const paid = await h().call<IpoEntry>('market/ipo/pay', { entryId: entry.id }, winner.headers);
    expect(paid.data).toMatchObject({ status: 'paid', held: '0', amountPaid: '120000' });
    expect((await h().call('market/ipo/pay', { entryId: entry.id }, winner.headers)).msg).toBe(
      errorKeys.ipo.notInSubscriptionState,
    );
    const position = await h().call<PositionWire>(
      'trade/detail',
      { orderNo: paid.data.positionOrderNo },
      winner.headers,
    );
    expect(position.data).toMatchObject({
      symbol: o.code,
      origin: 'ipo',
      status: 'holding',
      quantity: '100',
      leverage: 1,
      openPrice: '1200',
      margin: '120000',
    });
    // The auction tab lists it, named and valued at the offering price until the stock lists.
    const auction = await h().call<{ items: PositionWire[] }>(
      'trade/list',
      { tab: 'auction', page: 1, pageSize: 20 },
      winner.headers,
    );
    expect(auction.data.items.map((p) => [p.orderNo, p.names.en, p.marketPrice, p.pnl])).toEqual([
      [paid.data.positionOrderNo, 'Kabuto Shinko', '1200', '0'],
    ]);
    const close = await h().call('trade/close', { orderNo: paid.data.positionOrderNo }, winner.headers);
    expect(close.status).toBe(0);
    expect(close.http).toBeLessThan(500);

    // The allotment record (/user/pj): the winner's shares, locked until listing; nobody else's.
    const allotted = await h().call<{
      items: { code: string; shares: string; status: string; positionOrderNo: string }[];
    }>('user/allotments', {}, winner.headers);
    expect(allotted.data.items).toEqual([
      expect.objectContaining({
        code: o.code,
        shares: '100',
        status: 'locked',
        positionOrderNo: paid.data.positionOrderNo,
      }),
    ]);
    expect((await h().call<{ items: unknown[] }>('user/allotments', {}, other.headers)).data.items).toEqual([]);

    // Records: each member sees its own entries only.
    const records = await h().call<{ items: IpoEntry[] }>('market/ipo/records', {}, winner.headers);
    expect(records.data.items.map((e) => e.id)).toEqual([entry.id]);
    expect(records.data.items[0]).toMatchObject({ status: 'paid' });

    // The deadline passes: the other wins lapse, their holds released, once.
    await later(h(), 24 * 60 * minute, members);
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    const after = await Promise.all(members.map((m) => entryOf(h(), m, o.id)));
    expect(after.filter((e) => e?.status === 'lapsed')).toHaveLength(2);
    expect(after.filter((e) => e?.status === 'lapsed').every((e) => e?.held === '0' && e.endedAt !== null)).toBe(true);
    h().clock.advance(5_000);
    await jobs.runDue();
    const [lapses] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries
        WHERE kind = 'ipo_lapse' AND ref_id IN (SELECT id::text FROM ipo_entries WHERE offering_id = $1)`,
      [o.id],
    );
    expect(lapses?.n).toBe('2');
    for (const m of members) expect((await books(h(), m)).frozen).toBe('0');
    await expectReconciled(h());
  });

  it('never lapses an entry that changed while the lapse waited for it (a payment at the deadline)', async () => {
    await h().platform.jobs.stop();
    const jobs = jobRunner({ db: h().db, clock: h().clock, leader: h().platform.leader, runner: 'ipo-race' });
    jobs.register(ipoJob(h().db));
    const o = await offering(h(), { sharesOnOffer: '100' });
    h().clock.advance(2 * minute);
    const m = await subscriber(h());
    await subscribe(h(), m, o.id, '100');
    await later(h(), 120 * minute, [m]);
    await jobs.runDue();
    const entry = await entryOf(h(), m, o.id);
    expect(entry?.status).toBe('won');
    h().clock.advance(24 * 60 * minute);
    // The entry is held (as a payment holds it) while the lapse starts; it changes, then the hold ends.
    let lapsing: Promise<number | null> | undefined;
    await h().db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM ipo_entries WHERE id = $1 FOR UPDATE`, [entry?.id ?? '']);
      lapsing = h().db.transaction((t2) => lapseOffering(t2, o.id, h().clock.now()));
      await new Promise((r) => setTimeout(r, 300));
      await tx.query(`UPDATE ipo_entries SET status = 'cancelled', held = 0, ended_at = $2 WHERE id = $1`, [
        entry?.id ?? '',
        h().clock.now(),
      ]);
    });
    expect(await lapsing).toBe(0);
    const [lapses] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'ipo_lapse' AND ref_id = $1`,
      [entry?.id ?? ''],
    );
    expect(lapses?.n).toBe('0');
  });

  it('cancels before the draw with every hold released and the reason kept; not after', async () => {
    const o = await offering(h());
    h().clock.advance(2 * minute);
    const m = await subscriber(h());
    await subscribe(h(), m, o.id, '300');
    const staff = await staffOf(h());
    const cancelled = await h().call<Offering>('admin/ipo/cancel', { id: o.id, reason: 'Listing postponed' }, staff);
    expect(cancelled.data).toMatchObject({ phase: 'cancelled', cancelReason: 'Listing postponed' });
    expect(await entryOf(h(), m, o.id)).toMatchObject({
      status: 'cancelled',
      held: '0',
      endReason: 'Listing postponed',
    });
    expect(await books(h(), m)).toMatchObject({ available: '500000', frozen: '0' });
    expect((await h().call('admin/ipo/cancel', { id: o.id, reason: 'again' }, staff)).msg).toBe(
      errorKeys.ipo.notCancellable,
    );
    const [audit] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action IN ('ipo.create', 'ipo.cancel') AND target = $1`,
      [o.code],
    );
    expect(audit?.n).toBe('2');
    await expectReconciled(h());
  });
});
