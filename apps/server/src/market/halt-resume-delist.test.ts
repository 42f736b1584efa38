import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { describeEachDatabase } from '../test/harness.ts';
import { streamServerFor } from '../test/stream-client.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { signedIn, stepFeed } from './market-fixtures.ts';

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
