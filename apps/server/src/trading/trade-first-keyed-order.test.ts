import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { expectReconciled, fundedMember, order, place, positionCount } from './trade-fixtures.ts';

/**
 * Issue 24: `trade/place` stores its answer under its Idempotency-Key inside the batch's transaction, so building that
 * answer must not read the database. The embedded database (PGlite) has one connection: a read outside the open
 * transaction waits for it, and the transaction for the read, for ever — which is what the first keyed order of a
 * fresh process did while the sale rules were not yet kept (every later call of the process then hung too).
 */
describeEachDatabase('the first keyed order of a fresh process', (h) => {
  it('is answered, with nothing read while its transaction is open', async () => {
    const m = await fundedMember(h());
    const before = await positionCount(h());
    const first = await Promise.race([
      place(h(), m, order({ symbol: '9432' }), 'first-keyed-order-1'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the order was never answered')), 15_000)),
    ]);
    expect(first.status).toBe(1);
    expect(await positionCount(h())).toBe(before + 1);
    await expectReconciled(h());
  });
});
