import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { describeEachDatabase } from '../test/harness.ts';
import { streamServerFor } from '../test/stream-client.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { silentProcess } from '../test/silent-process.ts';
import { signedIn, stepFeed } from './market-fixtures.ts';
import { symbolStatusInTx } from './public.ts';

describeEachDatabase('staff halt, resume and delist a stock', (h) => {
  const server = streamServerFor(h);

  it('shows a halted stock as halted with its reason, stops its trading, tells open screens and audits the decision', async () => {
    const staff = await staffHeaders(h());
    const m = await h().member();
    const c = await signedIn(server.url(), m);
    c.send({ type: 'subscribe', topic: 'quotes:6501' });
    await c.next((x) => x.type === 'subscribed');
    const halted = await h().call<{ status: string; statusReason: string; statusBy: string }>(
      'admin/market/halt',
      { symbol: '6501', reason: 'pending material news' },
      staff,
    );
    expect(halted.status).toBe(1);
    expect(halted.data).toMatchObject({
      status: 'halted',
      statusReason: 'pending material news',
      statusBy: h().seed.staffAccount,
    });
    const event = await c.next((x) => x.type === 'symbolStatus');
    expect(event).toEqual({
      type: 'symbolStatus',
      topic: 'quotes:6501',
      data: { symbol: '6501', status: 'halted', reason: 'pending material news' },
    });
    const detail = await h().call<QuoteWire>('market/detail', { symbol: '6501' });
    expect(detail.data).toMatchObject({ status: 'halted', statusReason: 'pending material news' });
    const seq = h().platform.market.snapshot.get('6501')!.state.seq;
    await stepFeed(h(), 30);
    expect(h().platform.market.snapshot.get('6501')!.state.seq).toBe(seq);
    expect(c.messages.filter((x) => x.type === 'quote')).toEqual([]);
    const audit = await h().db.query<{ action: string; target: string; reason: string }>(
      `SELECT action, target, reason FROM audit_log WHERE action LIKE 'market.%' AND target = '6501'`,
    );
    expect(audit).toEqual([{ action: 'market.halt', target: '6501', reason: 'pending material news' }]);
    const listed = await h().call<{ symbol: string; status: string }[]>('admin/market/symbols', {}, staff);
    expect(listed.data.map((s) => s.symbol)).toContain('6501');
    expect(listed.data.every((s) => s.status !== 'listed')).toBe(true);
    const everyStock = await h().call<{ symbol: string; status: string }[]>(
      'admin/market/symbols',
      { onlyRestricted: false },
      staff,
    );
    expect(everyStock.data.length).toBeGreaterThanOrEqual(150);
    expect(everyStock.data.find((s) => s.symbol === '7203')?.status).toBe('listed');
    const again = await h().call('admin/market/halt', { symbol: '6501', reason: 'twice' }, staff);
    expect([again.http, again.msg]).toEqual([409, errorKeys.market.alreadyHalted]);

    expect((await h().call('admin/market/resume', { symbol: '6501', reason: 'news published' }, staff)).status).toBe(1);
    expect((await h().call<QuoteWire>('market/detail', { symbol: '6501' })).data).toMatchObject({
      status: 'listed',
      statusReason: null,
    });
    await c.next((x) => x.type === 'symbolStatus' && x.data.status === 'listed');
    for (let i = 0; i < 60 && h().platform.market.snapshot.get('6501')!.state.seq === seq; i++) await stepFeed(h());
    expect(h().platform.market.snapshot.get('6501')!.state.seq).toBeGreaterThan(seq);
    const resumeAgain = await h().call('admin/market/resume', { symbol: '6501', reason: 'again' }, staff);
    expect([resumeAgain.http, resumeAgain.msg]).toEqual([409, errorKeys.market.notHalted]);
    c.ws.close();
  });

  it('delists for good: off the rankings, shown as delisted, and not resumable', async () => {
    const staff = await staffHeaders(h());
    expect((await h().call('admin/market/delist', { symbol: '1332', reason: 'demo delisting' }, staff)).status).toBe(1);
    expect((await h().call<QuoteWire>('market/detail', { symbol: '1332' })).data).toMatchObject({
      status: 'delisted',
      statusReason: 'demo delisting',
    });
    const all = await h().call<{ items: QuoteWire[] }>('market/stockList', { pageSize: 100, page: 1 });
    expect(all.data.items.map((q) => q.symbol)).not.toContain('1332');
    for (const call of ['admin/market/resume', 'admin/market/halt', 'admin/market/delist']) {
      const res = await h().call(call, { symbol: '1332', reason: 'try again' }, staff);
      expect([res.http, res.msg], call).toEqual([409, errorKeys.market.delisted]);
    }
  });

  it('reaches every snapshot through the outbox when the process that halted dies before telling anyone, and a process started after it loads it (issue 17 §9)', async () => {
    const staff = await staffHeaders(h());
    const m = await h().member();
    const c = await signedIn(server.url(), m);
    c.send({ type: 'subscribe', topic: 'quotes:6758' });
    await c.next((x) => x.type === 'subscribed');
    const dying = await silentProcess(h());
    try {
      const halted = await dying.call('admin/market/halt', { symbol: '6758', reason: 'halted before a crash' }, staff);
      expect(halted.status).toBe(1);
    } finally {
      await dying.close();
    }
    // The leader (this process) relays what the dead process committed.
    await h().platform.relay.relayOnce();
    expect(await c.next((x) => x.type === 'symbolStatus')).toEqual({
      type: 'symbolStatus',
      topic: 'quotes:6758',
      data: { symbol: '6758', status: 'halted', reason: 'halted before a crash' },
    });
    expect(h().platform.market.snapshot.get('6758')).toMatchObject({
      status: 'halted',
      statusReason: 'halted before a crash',
    });
    const started = await silentProcess(h());
    expect(started.platform.market.snapshot.get('6758')).toMatchObject({
      status: 'halted',
      statusReason: 'halted before a crash',
    });
    await started.close();
    expect((await h().call('admin/market/resume', { symbol: '6758', reason: 'after the test' }, staff)).status).toBe(1);
    c.ws.close();
  });

  it("refuses a member action on a stock delisted elsewhere before this process's snapshot hears of it: the check reads the status in its own transaction (issue 17 §9)", async () => {
    const staff = await staffHeaders(h());
    const m = await h().member();
    await h().platform.relay.stop();
    try {
      const elsewhere = await silentProcess(h());
      try {
        expect((await elsewhere.call('admin/market/delist', { symbol: '4661', reason: 'gone' }, staff)).status).toBe(1);
      } finally {
        await elsewhere.close();
      }
      expect(h().platform.market.snapshot.get('4661')?.status).toBe('listed');
      const watched = await h().call('user/Optionallist/add', { symbol: '4661' }, m.headers);
      expect([watched.http, watched.msg]).toEqual([409, errorKeys.market.delisted]);
    } finally {
      await h().platform.relay.start();
    }
  });

  it("reads a symbol's status inside the caller's transaction and holds the row against a halt until it ends (issue 17 §9)", async () => {
    await h().db.transaction(async (tx) => {
      expect(await symbolStatusInTx(tx, '8035')).toBe('listed');
      expect(await symbolStatusInTx(tx, '0000')).toBeNull();
      // PGlite runs one transaction at a time; on PostgreSQL another connection cannot take the row for a halt now.
      if (h().kind === 'postgres') {
        const halt = await h()
          .db.query(`SELECT 1 FROM market_symbols WHERE code = '8035' FOR UPDATE NOWAIT`)
          .then(
            () => 'taken',
            (err: { code?: string }) => err.code,
          );
        expect(halt).toBe('55P03');
      }
    });
  });

  it('is staff-only, needs a reason and a known symbol', async () => {
    const m = await h().member();
    const member = await h().call('admin/market/halt', { symbol: '7203', reason: 'not mine to halt' }, m.headers);
    expect([member.http, member.msg]).toEqual([403, errorKeys.auth.forbidden]);
    const staff = await staffHeaders(h());
    const noReason = await h().call('admin/market/halt', { symbol: '7203', reason: ' ' }, staff);
    expect([noReason.http, noReason.msg]).toEqual([400, errorKeys.admin.reasonRequired]);
    const unknown = await h().call('admin/market/halt', { symbol: '0000', reason: 'no such stock' }, staff);
    expect([unknown.http, unknown.msg]).toEqual([404, errorKeys.market.unknownSymbol]);
  });
});
