import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import type { IpoEntry, Offering } from '@kabuto/contracts/ipo/offerings';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { dailyPriceLimits } from '@kabuto/domain/market/price-limit';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { money, toWire } from '@kabuto/domain/money';
import { verifiedFundedMember } from '../test/money-fixtures.ts';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { silentProcess } from '../test/silent-process.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { expectReconciled, fundedMember, order, type Member } from '../trading/trade-fixtures.ts';
import { manualLeader, stepUntilTraded } from '../market/market-fixtures.ts';
import { jobRunner, memoryBus } from '../platform/public.ts';
import { startMarket } from '../market/public.ts';
import { listOffering } from './ipo-job.ts';
import { ipoJob } from './public.ts';

const minute = 60_000;
const hour = 60 * minute;
let codeCounter = 0;
/** A code no listed stock has (the universe is numeric; these end in L). */
const nextCode = (): string => `8${String(100 + codeCounter++).slice(-2)}L`;

/** An offering whose window opens in a minute, closes in an hour, draws at two, pays by a day, lists in two. */
function terms(h: Harness, over: Record<string, unknown> = {}) {
  const at = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
  return {
    code: nextCode(),
    nameJp: 'カブト上場',
    nameEn: 'Kabuto Listing Works',
    nameTw: '兜上市',
    price: '1200',
    sharesOnOffer: '300',
    opensAt: at(minute),
    closesAt: at(hour),
    drawAt: at(2 * hour),
    payBy: at(24 * hour),
    listsAt: at(48 * hour),
    lockUpUntil: null,
    reason: 'Underwriting agreement signed',
    ...over,
  };
}

type Subscriber = Member & { password: string };

/** Staff, signed in again whenever asked (hours pass between the steps, and sessions end). */
const staffOf = (h: Harness) => staffHeaders(h);

async function offering(h: Harness, over: Record<string, unknown> = {}): Promise<Offering> {
  const res = await h.call<Offering>('admin/ipo/create', terms(h, over), await staffOf(h));
  if (res.status !== 1) throw new Error(`offering refused: ${res.msg}`);
  return res.data;
}

/** A verified member with `amount` yen deposited. */
const subscriber = async (h: Harness, amount = '500000'): Promise<Subscriber> =>
  verifiedFundedMember(h, await staffOf(h), amount);

/** Hours pass: the members' sessions have ended, so each signs in again. */
async function later(h: Harness, ms: number, members: Subscriber[]): Promise<void> {
  h.clock.advance(ms);
  for (const m of members) m.headers = await h.signIn(m.account, m.password);
}

/** The IPO job on a runner of the test's own (the platform's runner is stopped: the test decides when it runs). */
async function ipoRunner(h: Harness, name: string) {
  await h.platform.jobs.stop();
  const jobs = jobRunner({ db: h.db, clock: h.clock, leader: h.platform.leader, runner: name });
  jobs.register(ipoJob(h.db));
  return jobs;
}

/** Waits until this process's snapshot carries the symbol (the listing reaches it through the outbox and the bus). */
async function carried(h: Harness, code: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (h.platform.market.snapshot.get(code)) return;
    if (i % 10 === 0) await h.platform.relay.relayOnce();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${code} never joined the market`);
}

async function listingRows(h: Harness, code: string) {
  const [row] = await h.db.query<{
    status: string;
    base_price: string;
    symbol_listed_at: Date | null;
    listed_at: Date | null;
    broadcasts: string;
  }>(
    `SELECT s.status, s.base_price::text AS base_price, s.listed_at AS symbol_listed_at, o.listed_at,
            (SELECT count(*) FROM outbox WHERE topic = 'market' AND payload->>'symbol' = s.code)::text AS broadcasts
       FROM market_symbols s JOIN ipo_offerings o ON o.code = s.code WHERE s.code = $1`,
    [code],
  );
  return row;
}

const search = async (h: Harness, q: string) =>
  (await h.call<QuoteWire[]>('market/search', { q })).data.map((s) => s.symbol);

describeEachDatabase('IPO listing: the offered stock joins the market on its listing date (issue 25)', (h) => {
  it('lists a drawn offering once, even after a crash halfway and a rerun; the stock then quotes, trades and values positions live', async () => {
    const jobs = await ipoRunner(h(), 'ipo-listing');
    // Sale locked for an hour after the listing (the lock-up).
    const o = await offering(h(), {
      lockUpUntil: new Date(h().clock.now().getTime() + 49 * hour).toISOString(),
    });
    h().clock.advance(2 * minute);
    const m = await subscriber(h());
    expect((await h().call<IpoEntry>('market/ipo/subscribe', { id: o.id, shares: '100' }, m.headers)).status).toBe(1);
    await later(h(), 2 * hour, [m]);
    await jobs.runDue();
    const detailOf = () => h().call<Offering & { mine: IpoEntry | null }>('market/ipo/detail', { id: o.id }, m.headers);
    const entry = (await detailOf()).data.mine;
    expect(entry).toMatchObject({ status: 'won', won: '100' });
    const paid = await h().call<IpoEntry>('market/ipo/pay', { entryId: entry?.id }, m.headers);
    expect(paid.status).toBe(1);
    const orderNo = paid.data.positionOrderNo as string;
    const position = async () =>
      (await h().call<PositionWire>('trade/detail', { orderNo }, m.headers)).data as PositionWire;

    // Before the listing: upcoming, in no quote, search or order ticket; the position is valued at the offering price.
    const trader = await fundedMember(h());
    const ticket = (t: Member) => h().call('trade/preview', order({ symbol: o.code }), t.headers);
    expect((await ticket(trader)).msg).toBe(errorKeys.trade.productUnavailable);
    expect((await h().call('trade/place', order({ symbol: o.code }), trader.headers)).msg).toBe(
      errorKeys.trade.productUnavailable,
    );
    expect((await h().call('market/detail', { symbol: o.code })).msg).toBe(errorKeys.market.unknownSymbol);
    expect(await search(h(), o.code)).toEqual([]);
    expect((await position()).marketPrice).toBe('1200');
    expect((await listingRows(h(), o.code))?.status).toBe('upcoming');

    // The listing date: a listing cut off before its commit writes nothing.
    await later(h(), 46 * hour, [m]);
    const listedAt = h().clock.now();
    await expect(
      h().db.transaction(async (tx) => {
        expect(await listOffering(tx, o.id, h().clock.now())).toBe(o.code);
        throw new Error('killed halfway');
      }),
    ).rejects.toThrow('killed halfway');
    expect(await listingRows(h(), o.code)).toMatchObject({ status: 'upcoming', listed_at: null, broadcasts: '0' });
    expect(h().platform.market.snapshot.get(o.code)).toBeUndefined();

    // The job lists it once; its next period, and a direct rerun, find nothing to do.
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    h().clock.advance(5_000);
    expect(await jobs.runDue()).toEqual(['ipo.steps']);
    expect(await h().db.transaction((tx) => listOffering(tx, o.id, h().clock.now()))).toBeNull();
    const rows = await listingRows(h(), o.code);
    expect(rows).toMatchObject({ status: 'listed', base_price: '1200', broadcasts: '1' });
    expect(new Date(rows?.listed_at as Date).getTime()).toBe(listedAt.getTime());
    expect(new Date(rows?.symbol_listed_at as Date).getTime()).toBe(listedAt.getTime());
    const runs = await h().db.query<{ outcome: string }>(
      `SELECT outcome FROM job_runs WHERE job = 'ipo.steps' AND outcome LIKE $1`,
      [`%listed ${o.code}%`],
    );
    expect(runs).toHaveLength(1);
    expect((await detailOf()).data.phase).toBe('listed');

    // Every process's snapshot takes it up: a quote at the offering price, its own grid and limits, in search and lists.
    await carried(h(), o.code);
    const band = dailyPriceLimits('1200', 'standard');
    const quote = await h().call<QuoteWire>('market/detail', { symbol: o.code });
    expect(quote.data).toMatchObject({
      symbol: o.code,
      names: { jp: 'カブト上場', en: 'Kabuto Listing Works', tw: '兜上市' },
      sectorCode: 'IPO',
      status: 'listed',
      last: '1200',
      prevClose: '1200',
      limitUp: toWire(band.upper),
      limitDown: toWire(band.lower),
      tickSize: '1',
    });
    expect(await search(h(), o.code)).toEqual([o.code]);
    expect(await search(h(), 'kabuto listing')).toContain(o.code);
    const everyCode: string[] = [];
    for (let page = 1, total = 1; everyCode.length < total; page++) {
      const res = await h().call<{ items: QuoteWire[]; total: number }>('market/stockList', {
        sort: 'code',
        page,
        pageSize: 100,
      });
      total = res.data.total;
      everyCode.push(...res.data.items.map((q) => q.symbol));
    }
    expect(everyCode).toContain(o.code);

    // The paid position is valued at the live price: what a long closes at now (the bid), no longer the offering price.
    const touch = h().platform.market.snapshot.touch(o.code);
    expect(touch).not.toBeNull();
    expect((await position()).marketPrice).toBe(touch?.bid);

    // The leader's feed trades it, on its grid and inside its limits; the position follows the price.
    await stepUntilTraded(h(), o.code);
    const traded = h().platform.market.snapshot.get(o.code);
    const last = traded?.state.last as string;
    expect(isOnTickGrid(last, 'standard')).toBe(true);
    expect(money(last).lte(band.upper) && money(last).gte(band.lower)).toBe(true);
    expect((await position()).marketPrice).toBe(h().platform.market.snapshot.touch(o.code)?.bid);
    const candles = await h().call<{ candles: unknown[] }>('market/candles', {
      symbol: o.code,
      period: '1m',
      limit: 10,
    });
    expect(candles.data.candles.length).toBeGreaterThan(0);

    // The order ticket works for it like any other stock; the allotted shares sell once the lock-up has passed.
    const buyer = await fundedMember(h());
    expect((await ticket(buyer)).status).toBe(1);
    const placed = await h().call<PositionWire>('trade/place', order({ symbol: o.code }), buyer.headers);
    expect(placed.data).toMatchObject({ symbol: o.code, status: 'holding' });
    expect((await h().call('trade/close', { orderNo }, m.headers)).msg).toBe(errorKeys.trade.lockUp);
    await later(h(), hour, [m]);
    const closed = await h().call<PositionWire>('trade/close', { orderNo }, m.headers);
    expect(closed.data).toMatchObject({ status: 'closed', origin: 'ipo' });
    await expectReconciled(h());

    // A process started now (a restart, a new leader) carries it from the table, and its feed trades it.
    const started = await silentProcess(h());
    try {
      expect(started.platform.market.snapshot.get(o.code)).toMatchObject({ status: 'listed' });
    } finally {
      await started.close();
    }
    await h().platform.market.feed.flush();
    const hand = manualLeader(h().db);
    const bus = memoryBus();
    const second = await startMarket({
      db: h().db,
      clock: h().clock,
      bus,
      leader: hand.leader,
      profile: 'demo',
      options: { feedIntervalMs: null, backfill: 'onDemand' },
    });
    try {
      expect(second.snapshot.get(o.code)?.state.last).toBe(h().platform.market.snapshot.get(o.code)?.state.last);
      second.attach();
      await hand.set(true);
      let tradedThere = false;
      for (let i = 0; i < 200 && !tradedThere; i++) {
        h().clock.advance(1000);
        const step = await second.feed.step();
        tradedThere = step?.kind === 'ticks' && step.ticks.some((t) => t.symbol === o.code);
      }
      expect(tradedThere).toBe(true);
    } finally {
      await hand.set(false);
      await second.close();
      await bus.close();
      // This process leads again (in a newer epoch) for the tests after this one.
      await h().platform.leader.stop();
      await h().platform.leader.start();
    }
  });

  it('lists an offering nobody entered; never a cancelled one; and a listed code cannot be offered again', async () => {
    const jobs = await ipoRunner(h(), 'ipo-listing-edges');
    const nobody = await offering(h());
    const withdrawn = await offering(h());
    const cancelled = await h().call(
      'admin/ipo/cancel',
      { id: withdrawn.id, reason: 'Listing postponed' },
      await staffOf(h()),
    );
    expect(cancelled.status).toBe(1);
    h().clock.advance(2 * hour);
    await jobs.runDue();
    h().clock.advance(48 * hour);
    // A leader whose term has ended (another took the next epoch) lists nothing: its run is fenced.
    const current = h().platform.leader.epoch() as number;
    const stale = jobRunner({
      db: h().db,
      clock: h().clock,
      leader: { ...h().platform.leader, isLeader: () => true, epoch: () => current - 1 },
      runner: 'ipo-stale',
    });
    stale.register(ipoJob(h().db));
    expect(await stale.runDue()).toEqual(['ipo.steps']);
    expect(await listingRows(h(), nobody.code)).toMatchObject({ status: 'upcoming', listed_at: null, broadcasts: '0' });
    h().clock.advance(5_000);
    await jobs.runDue();
    expect(await listingRows(h(), nobody.code)).toMatchObject({ status: 'listed', broadcasts: '1' });
    expect(await listingRows(h(), withdrawn.code)).toMatchObject({
      status: 'delisted',
      listed_at: null,
      symbol_listed_at: null,
      broadcasts: '0',
    });
    await carried(h(), nobody.code);
    expect((await h().call<QuoteWire>('market/detail', { symbol: nobody.code })).data.last).toBe('1200');
    // A withdrawn offering's stock never joins any process's market.
    expect(h().platform.market.snapshot.get(withdrawn.code)).toBeUndefined();
    const started = await silentProcess(h());
    try {
      expect(started.platform.market.snapshot.get(withdrawn.code)).toBeUndefined();
      expect(started.platform.market.snapshot.get(nobody.code)).toMatchObject({ status: 'listed' });
    } finally {
      await started.close();
    }
    const again = await h().call('admin/ipo/create', terms(h(), { code: nobody.code }), await staffOf(h()));
    expect(again.msg).toBe(errorKeys.ipo.codeTaken);
  });
});
