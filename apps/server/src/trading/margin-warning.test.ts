import { expect, it } from 'vitest';
import type { NoticeWire } from '@kabuto/contracts/notices/notices';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { Decimal } from '@kabuto/domain/money';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { expectReconciled, fundedMember, order, place, recordingOf, tradesUntil } from './trade-fixtures.ts';

// Toyota slides from 2,874.5 to 2,650: through a 5× long's warning price (half its cushion gone, about 2,731) but
// never to its margin call (about 2,587.5). Every trade after the first is below the warning price, so however the
// replay's steps group them (it runs on its own timers) the warning is due from the first step that shows one.
const sliding = ['2874.5', '2800', '2760', '2720', '2700', '2680', '2650'];
const recording = recordingOf(sliding, (i) => (i === 0 ? 0 : 5_000_000 + i * 300_000));

const warnedAt = async (h: Harness, orderNo: string) =>
  (
    await h.db.query<{ margin_warned_at: Date | null }>(
      `SELECT margin_warned_at FROM trade_positions WHERE order_no = $1`,
      [orderNo],
    )
  )[0]?.margin_warned_at ?? null;

describeEachDatabase(
  'the margin warning before a margin call (issue 27)',
  (h) => {
    it('warns once as the price nears the call, as a notice opening the position; adding margin re-arms it', async () => {
      const engine = h().platform.triggers;
      expect(await tradesUntil(h(), [engine], '2874.5')).toEqual(['2874.5']);
      const m = await fundedMember(h());
      const long = await place(h(), m, order({ leverage: 5 }));
      expect(long.msg).toBe('success.purchase');
      const orderNo = long.data.orderNo;
      const call = new Decimal(long.data.marginCallPrice as string);
      expect(call.gt('2500') && call.lt('2650')).toBe(true);
      for (let i = 0; i < 200 && !engine.index.has(orderNo); i++) await new Promise((r) => setTimeout(r, 10));

      expect(await tradesUntil(h(), [engine], '2650')).toContain('2650');
      for (let i = 0; i < 5; i++) await h().platform.relay.relayOnce();

      const warnings = await h().db.query<{ payload: unknown }>(
        `SELECT payload FROM outbox WHERE type = 'trade.marginWarning'`,
      );
      expect(warnings.map((w) => w.payload)).toEqual([{ orderNo, symbol: '7203', callPrice: call.toFixed() }]);
      expect(await warnedAt(h(), orderNo)).not.toBeNull();
      const position = (await h().call<PositionWire>('trade/detail', { orderNo }, m.headers)).data;
      expect(position.status).toBe('holding');
      const page = (await h().call<{ items: NoticeWire[] }>('user/notices/list', {}, m.headers)).data;
      expect(
        page.items
          .filter((n) => n.topic === 'trade' && n.key !== 'notices.text.trade.filled')
          .map((n) => [n.key, n.params, n.link]),
      ).toEqual([
        [
          'notices.text.trade.marginWarning',
          { orderNo, symbol: '7203', callPrice: call.toFixed() },
          `/position/positionDetail?orderNo=${orderNo}`,
        ],
      ]);

      // More margin moves the call away and clears the warning, so the next approach warns again.
      const added = await h().call<PositionWire>('trade/addMargin', { orderNo, amount: '20000' }, m.headers);
      expect(added.status).toBe(1);
      expect(new Decimal(added.data.marginCallPrice as string).lt(call)).toBe(true);
      expect(await warnedAt(h(), orderNo)).toBeNull();
      await expectReconciled(h());
    });
  },
  { market: { replay: { ticks: recording, speed: 1000, maxGapMs: 10_000, loop: false } } },
);
