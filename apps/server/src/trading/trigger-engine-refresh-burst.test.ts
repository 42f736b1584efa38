import { expect, it } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { describeEachDatabase } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import { fund } from '../test/money-fixtures.ts';
import { fundedMember, order, place } from './trade-fixtures.ts';
import { busChannels } from '../platform/public.ts';
import { positionChanged } from './position-moves.ts';
import { triggerEngine } from './trigger-engine.ts';

/**
 * Issue 24 "twice the orders": the engine learns of new orders from their outbox events. A batch of orders is relayed
 * as a burst of events; the engine reads them back together (one query for every event that arrived before the read
 * began), not one query an order, which under load was a statement per order on the database.
 */
describeEachDatabase('the trigger engine reads a burst of new orders back together', (h) => {
  it('reads twenty orders’ events that arrive in one burst with one or two queries, not twenty', async () => {
    await h().platform.triggers.close();
    let reads = 0;
    const db: Database = new Proxy(h().db, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return (sql: string, args?: unknown[]) => {
          if (sql.includes('order_no = ANY($1::text[])')) reads++;
          return target.query(sql, args as never);
        };
      },
    });
    const engine = triggerEngine({
      db,
      clock: h().clock,
      bus: h().platform.bus,
      leader: h().platform.leader,
      market: h().platform.market.snapshot,
    });
    await engine.attach();
    await waitFor('the engine to lead', 5_000, () => engine.isActive(), Boolean);
    const m = await fundedMember(h());
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    for (let i = 0; i < 5; i++) await fund(h(), m, '900000', staff); // under the four-eyes bar each
    const limit = h().platform.market.snapshot.touch('7203')?.quote.limitDown as string;
    const placed = await Promise.all(
      Array.from({ length: 20 }, () => place(h(), m, order({ type: 'limit', price: limit }))),
    );
    expect(placed.every((p) => p.data.status === 'pending')).toBe(true);
    await waitFor(
      'every order in the index',
      10_000,
      () => placed.filter((p) => engine.index.has(p.data.orderNo)).length,
      (n) => n === 20,
    );
    // The relay sends a batch's events one after another, as fast as the bus takes them: the same burst, again.
    reads = 0;
    for (const [i, p] of placed.entries())
      await h().platform.bus.publish(
        busChannels.events,
        JSON.stringify({
          seq: String(1_000_000 + i),
          prevSeq: null,
          topic: 'member',
          memberId: 'm',
          type: positionChanged,
          payload: { orderNo: p.data.orderNo, status: 'pending' },
        }),
      );
    await waitFor(
      'the burst read back',
      5_000,
      () => reads,
      (n) => n > 0,
    );
    await engine.settled();
    expect(placed.every((p) => engine.index.has(p.data.orderNo))).toBe(true);
    await engine.close();
    expect(reads).toBeLessThanOrEqual(2);
  });
});
