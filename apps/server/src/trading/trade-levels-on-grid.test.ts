import { expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import { describeEachDatabase } from '../test/harness.ts';
import { fundedMember, order, place, positionCount } from './trade-fixtures.ts';

describeEachDatabase(
  'stop-loss and take-profit on the tick grid, on the server as on the ticket (issue 24 §4)',
  (h) => {
    it('refuses a level between two ticks with the ticket’s key, and writes nothing', async () => {
      const m = await fundedMember(h());
      const quote = h().platform.market.snapshot.touch('7203')?.quote;
      const tick = new Decimal(quote?.tickSize as string);
      const below = new Decimal(quote?.limitDown as string);
      const offGrid = below.plus(tick.div(5)).toFixed();
      const before = await positionCount(h());
      const stop = await place(h(), m, order({ stopLoss: offGrid }));
      expect([stop.status, stop.msg]).toEqual([0, 'errors.trade.priceOffGrid']);
      const profit = await place(h(), m, order({ side: 'short', takeProfit: offGrid }));
      expect([profit.status, profit.msg]).toEqual([0, 'errors.trade.priceOffGrid']);
      expect(await positionCount(h())).toBe(before);
      const onGrid = await place(h(), m, order({ stopLoss: below.toFixed() }));
      expect(onGrid.msg).toBe('success.purchase');
    });
  },
);
