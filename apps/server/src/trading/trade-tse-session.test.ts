import { expect, it } from 'vitest';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';

// The harness clock starts on Friday 2026-11-20 at 10:00 JST, a TSE trading day.
describeEachDatabase(
  'trading under the tse profile: hours, and closing in the closing auction (SPEC §4 “preparing to close”)',
  (h) => {
    it('a close in the closing auction waits as “closing” and settles at the 15:30 print; after the close nothing trades', async () => {
      const m = await fundedMember(h());
      // Stocks trade during the day (the auction prints only those that traded).
      for (let i = 0; i < 3; i++) {
        h().clock.advance(60_000);
        const step = await h().platform.market.feed.step();
        if (step?.kind === 'ticks') await h().platform.market.snapshot.applied(step.step);
      }
      h().clock.advance((5 * 60 + 23) * 60_000); // 15:26 JST
      const placed = await place(h(), m, order());
      expect(placed.data.status).toBe('holding');
      const withKey = { ...m.headers, 'idempotency-key': 'auction-close-1' };
      const closing = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, withKey);
      expect(closing.data).toMatchObject({ status: 'closing', closePrice: null });
      // As if the process died after the commit (issue 24 §7): the key left "in progress", its lease over. No entry
      // carries the key until the print; the position does, and the retry is answered from it.
      await h().db.query(
        `UPDATE idempotency_keys SET http_status = NULL, response = NULL, created_at = created_at - interval '1 hour'
          WHERE key = 'auction-close-1'`,
      );
      const retried = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, withKey);
      expect([retried.msg, retried.data.status, retried.headers['idempotent-replay']]).toEqual([
        'success.closed',
        'closing',
        'true',
      ]);
      const engine = h().platform.triggers;
      // The engine hears of the close through the outbox; until then the index still holds the order as holding. Wait
      // for the level that fires on any print (a bid far above every other level of this long), not only the order.
      await waitFor(
        'the engine to index the order as preparing to close',
        10_000,
        () => engine.index.candidates('7203', '99999', '99999').has(placed.data.orderNo),
        (indexed) => indexed,
      );
      // A second close while it waits is refused like any other.
      expect((await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers)).msg).toBe(
        'errors.trade.notHolding',
      );

      h().clock.advance(4 * 60_000 + 1000); // 15:30:01 JST: the closing auction prints
      const print = await h().platform.market.feed.step();
      expect(print?.kind).toBe('ticks');
      if (print?.kind === 'ticks') await h().platform.market.snapshot.applied(print.step);
      await engine.settled();
      const settled = await h().call<PositionWire>('trade/detail', { orderNo: placed.data.orderNo }, m.headers);
      expect(settled.data).toMatchObject({ status: 'closed', closeReason: 'member' });
      expect(settled.data.closedAt).toBe('2026-11-20T06:30:01.000Z');

      // After the close only limit orders are taken, for the next session (issue 26).
      const late = await place(h(), m, order());
      expect([late.http, late.msg]).toEqual([422, 'errors.trade.limitOnlyOutsideHours']);
      const ticket = await h().call<{ tradingOpen: boolean }>('trade/preview', order(), m.headers);
      expect(ticket.msg).toBe('errors.trade.limitOnlyOutsideHours');
      await expectReconciled(h());
    });
  },
  { marketProfile: 'tse' },
);
