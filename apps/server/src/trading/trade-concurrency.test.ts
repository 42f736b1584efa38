import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place, type Member } from './trade-fixtures.ts';
import { writeOrders, type NewOrder } from './order-writer.ts';
import { openingCharges } from '@kabuto/domain/trading/ticket';
import { currentTerms } from './trading-terms.ts';

describeEachDatabase('trading under concurrency (issue 18)', (h) => {
  it('50 parallel orders against one balance: those that fit fill, the rest are refused, nothing goes negative', async () => {
    const m = await fundedMember(h(), '300000');
    const ticket = await h().call<{ cost: string }>('trade/preview', order({ leverage: 1 }), m.headers);
    const fits = new Decimal('300000').div(ticket.data.cost).floor().toNumber();
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(h(), m, order({ leverage: 1 }))));
    const filled = answers.filter((a) => a.status === 1);
    const refused = answers.filter((a) => a.status === 0);
    expect(new Set(refused.map((a) => a.msg))).toEqual(new Set(['errors.funds.insufficientBalance']));
    // Prices do not move (the feed only steps when told), so every order costs the same.
    expect(filled.length).toBe(fits);
    const b = await books(h(), m);
    expect(new Decimal(b.available).gte(0)).toBe(true);
    expect(new Decimal(b.available).lt(ticket.data.cost)).toBe(true);
    await expectReconciled(h());
  });

  it('closing the same position twice at once: one wins, the other gets “not in holding state”', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order());
    const both = await Promise.all([
      h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers),
      h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers),
    ]);
    expect(both.map((a) => a.msg).sort()).toEqual(['errors.trade.notHolding', 'success.closed']);
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE ref_type = 'trade' AND ref_id = $1 AND kind = 'trade_close'`,
      [placed.data.orderNo],
    );
    expect(n?.n).toBe('1');
    await expectReconciled(h());
  });

  it('cancelling a pending order twice at once, and cancel against close: one wins, the other gets its key', async () => {
    const m = await fundedMember(h());
    const limit = h().platform.market.snapshot.touch('7203')?.quote.limitDown;
    const a = await place(h(), m, order({ type: 'limit', price: limit }));
    const twice = await Promise.all([
      h().call('trade/cancel', { orderNo: a.data.orderNo }, m.headers),
      h().call('trade/cancel', { orderNo: a.data.orderNo }, m.headers),
    ]);
    expect(twice.map((x) => x.msg).sort()).toEqual(['errors.trade.notPending', 'success.cancel']);
    const b = await place(h(), m, order({ type: 'limit', price: limit }));
    const mixed = await Promise.all([
      h().call('trade/cancel', { orderNo: b.data.orderNo }, m.headers),
      h().call('trade/close', { orderNo: b.data.orderNo }, m.headers),
    ]);
    expect(mixed.map((x) => x.msg)).toEqual(['success.cancel', 'errors.trade.notHolding']);
    expect(await books(h(), m)).toMatchObject({ available: '900000', frozen: '0' });
    await expectReconciled(h());
  });

  it('orders from many members at once are written together (group commit): each its own row, entry and event in an exact chain; one on a stock the database has halted is refused', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 24; i++) members.push(await fundedMember(h()));
    // The snapshot still trades 6758, the database has halted it (as if the halt's event had not arrived yet): the
    // batch reads the status in its own transaction and refuses that order alone.
    await h().db.query(`UPDATE market_symbols SET status = 'halted', status_reason = 'test' WHERE code = '6758'`);
    const before = h().platform.orders.stats();
    const answers = await Promise.all(members.map((m, i) => place(h(), m, order(i === 5 ? { symbol: '6758' } : {}))));
    await h().db.query(`UPDATE market_symbols SET status = 'listed', status_reason = NULL WHERE code = '6758'`);
    const after = h().platform.orders.stats();
    const written = {
      batches: after.batches - before.batches,
      batched: after.batched - before.batched,
      single: after.single - before.single,
      fallbacks: after.fallbacks - before.fallbacks,
    };
    // Each of the 24 orders reached the writer once and was written once: alone (`single`) or in a batch (`batched`
    // counts the orders of the batches that committed); none fell back to one by one, as no batch failed.
    expect({ orders: written.single + written.batched, fallbacks: written.fallbacks }).toEqual({
      orders: 24,
      fallbacks: 0,
    });
    // PGlite is one connection, so requests mostly reach the writer when it is idle and are written alone. PostgreSQL
    // runs them side by side: at least one transaction wrote several orders together (a batch holds two or more).
    if (h().kind === 'postgres') expect(written.batches, 'batches of several orders').toBeGreaterThanOrEqual(1);
    expect(answers.map((a) => a.msg).filter((msg, i) => i !== 5 && msg !== 'success.purchase')).toEqual([]);
    expect([answers[5]?.http, answers[5]?.msg]).toEqual([409, 'errors.market.halted']);
    const orderNos = answers.filter((a) => a.status === 1).map((a) => a.data.orderNo);
    expect(new Set(orderNos).size).toBe(23);
    const [entries] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'trade_open' AND ref_id = ANY($1::text[])`,
      [orderNos],
    );
    expect(entries?.n).toBe('23');
    // Every member's events still form one chain: each names the one before it.
    const broken = await h().db.query<{ id: string }>(
      `SELECT id::text AS id FROM (
         SELECT id, prev_seq, lag(id) OVER (PARTITION BY member_id ORDER BY id) AS before FROM outbox WHERE member_id IS NOT NULL
       ) o WHERE prev_seq IS DISTINCT FROM before`,
    );
    expect(broken).toEqual([]);
    await expectReconciled(h());
  });

  it('a batch one of whose members cannot pay leaves nothing half-written: no row, entry, event or balance of any order in it', async () => {
    const payer = await fundedMember(h());
    const broke = await h().member();
    const idOf = async (account: string) =>
      (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;
    const { terms } = await currentTerms(h().db, 'demo');
    const price = h().platform.market.snapshot.touch('7203')?.ask as string;
    const newOrder = (memberId: string): NewOrder => ({
      memberId,
      symbol: '7203',
      side: 'long',
      type: 'market',
      quantity: '100',
      leverage: 1,
      limitPrice: null,
      stopLoss: null,
      takeProfit: null,
      maintenanceRatio: terms.maintenanceRatio,
      fees: terms.fees,
      financingRate: terms.rates.longAnnualRate,
      clientKey: null,
      requestId: 'batch-test',
      at: h().clock.now(),
      opening: { price, ...openingCharges(price, '100', 1, terms.fees) },
      hold: new Decimal(0),
      keyInWrite: null,
    });
    const counts = async () =>
      (
        await h().db.query<{ positions: string; entries: string; events: string }>(
          `SELECT (SELECT count(*) FROM trade_positions)::text AS positions, (SELECT count(*) FROM journal_entries)::text AS entries,
                  (SELECT count(*) FROM outbox)::text AS events`,
        )
      )[0];
    const before = await counts();
    const booksBefore = await books(h(), payer);
    await expect(
      writeOrders(h().db, [newOrder(await idOf(payer.account)), newOrder(await idOf(broke.account))]),
    ).rejects.toMatchObject({ key: 'errors.funds.insufficientBalance' });
    expect(await counts()).toEqual(before);
    expect(await books(h(), payer)).toEqual(booksBefore);
    // Written alone, as group commit then writes it, the order that can pay fills.
    const [alone] = await writeOrders(h().db, [newOrder(await idOf(payer.account))]);
    expect(alone && 'ok' in alone ? alone.ok.status : alone).toBe('holding');
    await expectReconciled(h());
  });
});
