import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { AlertWire, NoticeWire } from '@kabuto/contracts/notices/notices';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund } from '../test/money-fixtures.ts';
import { triggerEngine } from '../trading/public.ts';
import { recordingOf, tradesUntil } from '../trading/trade-fixtures.ts';
import { priceAlertWatcher } from './price-alert-watcher.ts';

type Headers = Record<string, string>;
type NoticePage = { items: NoticeWire[]; total: number; unread: number };

const notices = async (h: Harness, m: Headers) => (await h.call<NoticePage>('user/notices/list', {}, m)).data;
const alerts = async (h: Harness, m: Headers) => (await h.call<{ items: AlertWire[] }>('user/alerts/list', {}, m)).data;
const createAlert = (h: Harness, m: Headers, body: unknown) => h.call<AlertWire>('user/alerts/create', body, m);

/** Relays what is committed (the relay's claim writes the notices) until nothing is left to relay. */
async function relayed(h: Harness): Promise<void> {
  for (let i = 0; i < 5; i++) await h.platform.relay.relayOnce();
}

async function counts(h: Harness): Promise<{ alerts: string; notices: string }> {
  const [r] = await h.db.query<{ alerts: string; notices: string }>(
    `SELECT (SELECT count(*) FROM price_alerts)::text AS alerts, (SELECT count(*) FROM notices)::text AS notices`,
  );
  return r as { alerts: string; notices: string };
}

describeEachDatabase('notices from member events, and who may read them (issue 27)', (h) => {
  it('a deposit approval makes exactly one notice, pushed as notice.created, read once opened', async () => {
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const m = await h().member();
    const depositId = await fund(h(), m, '30000', staff);
    const [dep] = await h().db.query<{ order_no: string }>(`SELECT order_no FROM deposits WHERE id = $1`, [depositId]);
    await relayed(h());
    await relayed(h());
    const page = await notices(h(), m.headers);
    expect(page.items.map((n) => [n.topic, n.key, n.params, n.link, n.read])).toEqual([
      ['deposit', 'notices.text.deposit.approved', { target: dep?.order_no }, '/user/FundingDetails', false],
    ]);
    expect([page.total, page.unread]).toEqual([1, 1]);
    // Exactly once per event: one notice row names the event's outbox id, and one notice.created went out.
    const rows = await h().db.query<{ source_seq: string; type: string }>(
      `SELECT n.source_seq::text AS source_seq, o.type FROM notices n JOIN outbox o ON o.id = n.source_seq
        WHERE n.member_id = (SELECT id FROM members WHERE account = $1)`,
      [m.account],
    );
    expect(rows.map((r) => r.type)).toEqual(['funds.depositDecided']);
    const created = await h().db.query<{ payload: unknown }>(
      `SELECT payload FROM outbox WHERE type = 'notice.created' AND member_id = (SELECT id FROM members WHERE account = $1)`,
      [m.account],
    );
    expect(created).toHaveLength(1);

    const id = (page.items[0] as NoticeWire).id;
    expect((await h().call('user/notices/unread', {}, m.headers)).data).toEqual({ unread: 1 });
    expect((await h().call('user/notices/read', { id }, m.headers)).data).toEqual({ unread: 0 });
    expect((await notices(h(), m.headers)).items.map((n) => n.read)).toEqual([true]);
  });

  it('a rejection carries its reason', async () => {
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const m = await h().member();
    const { firstChannelId } = await import('../test/money-fixtures.ts');
    const { uploadImage } = await import('../uploads/image-fixtures.ts');
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const dep = await h().call<{ id: string }>(
      'user/deposit/create',
      { channelId: await firstChannelId(h(), m.headers), amount: '20000', receiptImageId: receipt },
      m.headers,
    );
    const no = await h().call(
      'admin/deposits/decide',
      { id: dep.data.id, decision: 'reject', reason: 'No transfer arrived' },
      staff,
    );
    expect(no.status).toBe(1);
    await relayed(h());
    expect((await notices(h(), m.headers)).items.map((n) => [n.key, n.params.reason])).toEqual([
      ['notices.text.deposit.rejected', 'No transfer arrived'],
    ]);
  });

  it('member A can neither read, mark nor delete member B’s notices or alerts', async () => {
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const a = await h().member();
    const b = await h().member();
    await fund(h(), b, '10000', staff);
    await relayed(h());
    const bNotice = (await notices(h(), b.headers)).items[0] as NoticeWire;
    const bAlert = await createAlert(h(), b.headers, { symbol: '7203', kind: 'above', price: '5000' });
    expect(bAlert.status).toBe(1);

    expect((await notices(h(), a.headers)).items).toEqual([]);
    expect((await alerts(h(), a.headers)).items).toEqual([]);
    const read = await h().call('user/notices/read', { id: bNotice.id }, a.headers);
    expect([read.http, read.msg]).toEqual([404, errorKeys.notices.notFound]);
    const del = await h().call('user/alerts/delete', { id: bAlert.data.id }, a.headers);
    expect([del.http, del.msg]).toEqual([404, errorKeys.alerts.notFound]);
    // A reading every one of theirs touches none of B's.
    await h().call('user/notices/read', { all: true }, a.headers);
    expect((await notices(h(), b.headers)).items.map((n) => n.read)).toEqual([false]);
    expect((await alerts(h(), b.headers)).items.map((x) => x.id)).toEqual([bAlert.data.id]);
    // Without a session: refused before anything is read.
    expect((await h().call('user/notices/list', {})).http).toBe(401);
    // B deletes their own.
    expect((await h().call('user/alerts/delete', { id: bAlert.data.id }, b.headers)).status).toBe(1);
    expect((await alerts(h(), b.headers)).items).toEqual([]);
  });

  it('refuses bad alerts with catalogued keys and writes nothing', async () => {
    const m = await h().member();
    const before = await counts(h());
    const cases: [unknown, string][] = [
      // 7203 is a TOPIX 500 stock: between 1,000 and 3,000 yen its tick is 0.5.
      [{ symbol: '7203', kind: 'above', price: '2874.3' }, errorKeys.alerts.priceOffGrid],
      [{ symbol: '7203', kind: 'below', price: '0' }, errorKeys.alerts.priceInvalid],
      [{ symbol: '7203', kind: 'below', price: 'abc' }, errorKeys.alerts.priceInvalid],
      [{ symbol: '7203', kind: 'below', price: '<script>alert(1)</script>' }, errorKeys.alerts.priceInvalid],
      [{ symbol: '7203', kind: 'below', price: 2900 }, errorKeys.alerts.priceInvalid],
      [{ symbol: '7203', kind: 'above', price: '9'.repeat(100) }, errorKeys.alerts.priceInvalid],
      [{ symbol: '7203', kind: 'move', percent: '0' }, errorKeys.alerts.percentInvalid],
      [{ symbol: '7203', kind: 'move', percent: '10000' }, errorKeys.alerts.percentInvalid],
      [{ symbol: '7203', kind: 'move', percent: '-5' }, errorKeys.alerts.percentInvalid],
      [{ symbol: '7203', kind: 'sideways', price: '2900' }, errorKeys.alerts.kindInvalid],
      [{ symbol: 'ZZZZ', kind: 'above', price: '2900' }, errorKeys.market.unknownSymbol],
      [{ symbol: '<b>', kind: 'above', price: '2900' }, errorKeys.market.unknownSymbol],
    ];
    const answers = [];
    for (const [body] of cases) {
      const r = await createAlert(h(), m.headers, body);
      answers.push([r.http >= 400 && r.http < 500, r.msg]);
    }
    expect(answers).toEqual(cases.map(([, key]) => [true, key]));
    expect(await counts(h())).toEqual(before);
    const bad = await h().call('user/notices/read', { id: 'abc' }, m.headers);
    expect([bad.http, bad.msg]).toEqual([400, errorKeys.notices.notFound]);
  });
});

// 7203 rises to the alert's level and stays above it for six more trades (each would fire it again if it were not
// off). A step of the replay may carry several trades (it runs on its own timers), so every trade from 2,900 on is at
// or above the level: whichever step first shows 2,900 or more fires it.
const rising = ['2874.5', '2880', '2900', '2950', '2960', '2990', '3000', '3010'];
// The first trade at once; the next five 5 s later (at the replay's speed), the last two 8 s after those, so they come
// only after the engine's restart.
const recording = recordingOf(rising, (i) => (i === 0 ? 0 : 5_000_000 + i * 1000 + (i >= 6 ? 8_000_000 : 0)));

describeEachDatabase(
  'price alerts on the trigger engine (issue 27)',
  (h) => {
    it('fires once however often the price crosses, across two engines and a restart', async () => {
      const first = h().platform.triggers;
      expect(await tradesUntil(h(), [first], '2874.5')).toEqual(['2874.5']);
      const m = await h().member();
      const up = await createAlert(h(), m.headers, { symbol: '7203', kind: 'above', price: '2900' });
      const down = await createAlert(h(), m.headers, { symbol: '7203', kind: 'below', price: '2700' });
      expect([up.status, down.status]).toEqual([1, 1]);

      // A second engine beside the first (both believe they lead): the one atomic switch lets one fire.
      const second = triggerEngine({
        db: h().db,
        clock: h().clock,
        bus: h().platform.bus,
        leader: h().platform.leader,
        market: h().platform.market.snapshot,
        watcher: priceAlertWatcher({ db: h().db, clock: h().clock, market: h().platform.market.snapshot }),
      });
      await second.attach();
      for (let i = 0; i < 200 && !second.isActive(); i++) await new Promise((r) => setTimeout(r, 10));
      // The first engine learns of the new alerts from their relayed events.
      await relayed(h());
      await first.settled();

      expect(await tradesUntil(h(), [first, second], '2950')).toContain('2950');
      await relayed(h());
      let page = await notices(h(), m.headers);
      const fired = (await alerts(h(), m.headers)).items.find((a) => a.id === up.data.id);
      // It fires at the last price of the step that showed it crossed (2,900, or later when one step carried more).
      expect(rising.slice(2)).toContain(fired?.firedPrice);
      expect(fired?.state).toBe('fired');
      expect(page.items.map((n) => [n.topic, n.key, n.params.symbol, n.params.price, n.params.last, n.link])).toEqual([
        ['alert', 'notices.text.alert.above', '7203', '2900', fired?.firedPrice, '/market/marketDetail?symbol=7203'],
      ]);

      // A restart: the second engine stops, a third rebuilds from the table: a fired alert is off for good.
      await second.close();
      const third = triggerEngine({
        db: h().db,
        clock: h().clock,
        bus: h().platform.bus,
        leader: h().platform.leader,
        market: h().platform.market.snapshot,
        watcher: priceAlertWatcher({ db: h().db, clock: h().clock, market: h().platform.market.snapshot }),
      });
      await third.attach();
      for (let i = 0; i < 200 && !third.isActive(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await tradesUntil(h(), [first, third], '3010')).toContain('3010');
      await third.close();
      await relayed(h());
      page = await notices(h(), m.headers);
      expect(page.items.map((n) => n.key)).toEqual(['notices.text.alert.above']);
      expect((await alerts(h(), m.headers)).items.map((a) => [a.kind, a.state])).toEqual([
        ['below', 'active'],
        ['above', 'fired'],
      ]);
      const [row] = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM notices WHERE alert_id = $1`, [
        up.data.id,
      ]);
      expect(row?.n).toBe('1');
    });
  },
  { market: { replay: { ticks: recording, speed: 1000, maxGapMs: 10_000, loop: false } } },
);
