import { expect, it } from 'vitest';
import type { PositionWire, TicketWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase } from '../test/harness.ts';
import { books, expectReconciled, fundedMember, order, place, preview } from './trade-fixtures.ts';

interface PreOpenAnswer {
  window: TicketWire['window'];
  items: { symbol: string; limitUp: string; limitDown: string; queuedBuy: string; indicative: string | null }[];
}

// The harness clock starts on Friday 2026-11-20 at 10:00 JST, a TSE trading day; Monday 23 November is a holiday.
describeEachDatabase(
  'orders outside the session under tse (issue 26: pre-market and after-hours)',
  (h) => {
    it('after 15:30 a limit order is taken for the next session and rests; a market order is refused; the status and the pre-open book say so', async () => {
      const m = await fundedMember(h());
      h().clock.advance((5 * 60 + 31) * 60_000); // 15:31 JST
      const market = await place(h(), m, order());
      expect([market.http, market.msg]).toEqual([422, 'errors.trade.limitOnlyOutsideHours']);

      const quote = await h().call<{ last: string }>('market/detail', { symbol: '7203' }, m.headers);
      const last = quote.data.last;
      // A buy at the last price would cross the ask in the session; outside it, it only rests.
      const limit = order({ type: 'limit', price: last });
      const ticket = await preview(h(), m, limit);
      expect(ticket.data).toMatchObject({
        tradingOpen: false,
        window: { kind: 'afterHours', sessionDay: '2026-11-24', opensAt: '2026-11-24T00:00:00.000Z', newDay: true },
        price: ticket.data.price,
      });
      const before = await books(h(), m);
      const placed = await place(h(), m, limit, 'after-hours-1');
      expect([placed.http, placed.data.status]).toEqual([200, 'pending']);
      const after = await books(h(), m);
      expect(after.margin).toBe(before.margin);
      expect(Number(after.frozen)).toBeGreaterThan(Number(before.frozen));

      // Above the next session's stop-high (from the close) is refused with the price-limit key.
      const far = await place(h(), m, order({ type: 'limit', price: ticket.data.limitUp.replace(/\..*/, '') + '0' }));
      expect(far.msg).toBe('errors.trade.exceedsPriceLimit');

      const status = await h().call<{ orderWindow: TicketWire['window'] }>('market/status', {}, m.headers);
      expect(status.data.orderWindow).toMatchObject({ kind: 'afterHours', sessionDay: '2026-11-24' });

      // The pre-open book: the members' queued orders as totals by side (nobody's own), the next session's limits.
      const book = await h().call<PreOpenAnswer>('trade/preOpen', { symbols: ['7203', '7203'] }, m.headers);
      expect(book.data.window).toMatchObject({ kind: 'afterHours', sessionDay: '2026-11-24' });
      expect(book.data.items).toHaveLength(1);
      expect(book.data.items[0]).toMatchObject({ symbol: '7203', queuedBuy: '100', limitUp: ticket.data.limitUp });
      // Named none: the member's own queued stock first, then the day's most traded.
      const mine = await h().call<PreOpenAnswer>('trade/preOpen', {}, m.headers);
      expect(mine.data.items[0]?.symbol).toBe('7203');
      expect(mine.data.items.length).toBeGreaterThan(1);

      const detail = await h().call<PositionWire>('trade/detail', { orderNo: placed.data.orderNo }, m.headers);
      expect(detail.data.status).toBe('pending');
      await expectReconciled(h());

      // Tuesday 24th, 08:30 JST (Monday is a holiday): the pre-opening session, for the opening auction at 09:00.
      h().clock.advance((4 * 24 * 60 - (7 * 60 + 1)) * 60_000);
      const preOpen = await h().call<{ orderWindow: TicketWire['window'] }>('market/status', {}, {});
      expect(preOpen.data.orderWindow).toEqual({
        kind: 'preOpen',
        sessionDay: '2026-11-24',
        opensAt: '2026-11-24T00:00:00.000Z',
        newDay: true,
      });
    });
  },
  { marketProfile: 'tse' },
);
