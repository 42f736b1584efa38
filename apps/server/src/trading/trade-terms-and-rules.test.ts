import { expect, it, vi } from 'vitest';
import type { PositionWire, TicketWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place, preview } from './trade-fixtures.ts';

const terms = {
  purchaseRate: '0.002',
  sellingRate: '0.002',
  stampDutyRate: '0',
  minimumFee: '200',
  leverages: [1, 2],
  maintenanceRatio: '0.3',
  longAnnualRate: '0.03',
  shortAnnualRate: '0.02',
};

describeEachDatabase('trading terms, sale rules and financing (issue 18)', (h) => {
  it('staff set the terms with a reason, audited; new orders use them, open positions keep theirs; members cannot', async () => {
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const before = await place(h(), m, order({ leverage: 5 }));
    expect((await h().call('admin/trade/settings/save', { ...terms, reason: 'x' }, m.headers)).http).toBe(403);
    const noUnlevered = await h().call(
      'admin/trade/settings/save',
      { ...terms, leverages: [2, 3], reason: 'x' },
      staff,
    );
    expect([noUnlevered.http, noUnlevered.msg]).toEqual([400, 'errors.request.invalid']);
    const noReason = await h().call('admin/trade/settings/save', terms, staff);
    expect(noReason.msg).toBe('errors.admin.reasonRequired');
    const saved = await h().call<{ terms: typeof terms; changedBy: string }>(
      'admin/trade/settings/save',
      { ...terms, reason: 'new fee schedule from December' },
      staff,
    );
    expect(saved.data.terms).toEqual(terms);
    expect(saved.data.changedBy).toBe(h().seed.staffAccount);
    const [audit] = await h().db.query<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE action = 'trade.termsSave' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit?.reason).toBe('new fee schedule from December');
    const t = await preview(h(), m, order({ leverage: 2 }));
    expect(t.data.leverages).toEqual([1, 2]);
    expect(t.data.maintenanceRatio).toBe('0.3');
    expect((await place(h(), m, order({ leverage: 5 }))).msg).toBe('errors.trade.leverageNotAllowed');
    // The position opened before the change keeps its own maintenance ratio.
    const kept = await h().call<PositionWire>('trade/detail', { orderNo: before.data.orderNo }, m.headers);
    expect(kept.data.marginCallPrice).toBe(before.data.marginCallPrice);
  });

  it('per-product sale rules refuse a member’s close with their key and show on the ticket and the position', async () => {
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    await h().call(
      'admin/trade/productRules/save',
      {
        symbol: '9984',
        sameDayBan: true,
        tPlusOneBan: false,
        minHoldingMinutes: 0,
        lockUpUntil: null,
        reason: 'product terms',
      },
      staff,
    );
    const ticket = await h().call<TicketWire>('trade/preview', order({ symbol: '9984' }), m.headers);
    expect(ticket.data.saleRules).toEqual(['sameDay']);
    const placed = await place(h(), m, order({ symbol: '9984' }));
    expect(placed.data.saleRules).toEqual(['sameDay']);
    const refused = await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect([refused.http, refused.msg]).toEqual([422, 'errors.trade.sameDaySale']);
    await h().call(
      'admin/trade/productRules/save',
      {
        symbol: '9984',
        sameDayBan: false,
        tPlusOneBan: false,
        minHoldingMinutes: 30,
        lockUpUntil: null,
        reason: 'product terms',
      },
      staff,
    );
    expect((await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers)).msg).toBe(
      'errors.trade.minHolding',
    );
    h().clock.advance(30 * 60_000);
    expect((await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers)).msg).toBe('success.closed');
    const settings = await h().call<{ products: { symbol: string }[] }>('admin/trade/settings', {}, staff);
    expect(settings.data.products.map((p) => p.symbol)).toContain('9984');
  });

  it('charges a day’s financing once per leveraged position per day, in the ledger, shown on the position', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ leverage: 2, quantity: '200' }));
    const unlevered = await place(h(), m, order({ leverage: 1 }));
    const job = h().platform.jobs;
    // The next JST day, after 00:10: the daily job's time.
    h().clock.advance(24 * 3_600_000);
    await job.runDue();
    // The harness's own job loop (every 200 ms, on the same clock) may claim the day before this call does: either
    // way the day's run happens once and charges the leveraged positions (this one, and earlier tests' still open).
    await vi.waitFor(
      async () => {
        const runs = await h().db.query<{ outcome: string | null }>(
          `SELECT outcome FROM job_runs WHERE job = 'trade.financing' AND outcome ~ '^[1-9][0-9]* positions charged'`,
        );
        expect(runs).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    // A day later the member signs in again (sessions last 12 hours).
    m.headers = await h().signIn(m.account, 'abcd1234');
    const after = await h().call<PositionWire & { entries: { kind: string }[] }>(
      'trade/detail',
      { orderNo: placed.data.orderNo },
      m.headers,
    );
    expect(after.data.entries.map((e) => e.kind)).toEqual(['trade_open', 'trade_financing']);
    expect(Number(after.data.financing)).toBeGreaterThan(0);
    const plain = await h().call<{ entries: { kind: string }[] }>(
      'trade/detail',
      { orderNo: unlevered.data.orderNo },
      m.headers,
    );
    expect(plain.data.entries.map((e) => e.kind)).toEqual(['trade_open']);
    // Running again the same day charges nothing more.
    await job.runDue();
    const again = await h().call<PositionWire>('trade/detail', { orderNo: placed.data.orderNo }, m.headers);
    expect(again.data.financing).toBe(after.data.financing);
    expect(Number((await books(h(), m)).available)).toBeGreaterThan(0);
    await expectReconciled(h());
  });

  it('staff see every position read-only; members cannot', async () => {
    const m = await fundedMember(h());
    await place(h(), m, order());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const list = await h().call<{ items: (PositionWire & { account: string })[] }>(
      'admin/trade/list',
      { account: m.account },
      staff,
    );
    expect(list.data.items.map((p) => p.account)).toEqual([m.account]);
    expect((await h().call('admin/trade/list', {}, m.headers)).http).toBe(403);
  });
});
