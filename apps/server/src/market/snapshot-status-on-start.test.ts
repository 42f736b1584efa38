import { expect, it, vi } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { TSE_COMPANIES } from '@kabuto/market/tse-companies';
import { describeEachDatabase } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { marketSnapshot } from './market-snapshot.ts';

describeEachDatabase('a snapshot starting while a symbol is halted (issue 17 §9)', (h) => {
  it('keeps a halt relayed between reading the tables and listening to the bus', async () => {
    const staff = await staffHeaders(h());
    let raced = false;
    // The halt commits and is relayed right after this process read the tables.
    const racing: Database = {
      ...h().db,
      async query(text, params) {
        const rows = await h().db.query(text, params);
        if (!raced && text.includes('LEFT JOIN market_live_state')) {
          raced = true;
          const halted = await h().call('admin/market/halt', { symbol: '9433', reason: 'while starting' }, staff);
          expect(halted.status).toBe(1);
          await h().platform.relay.relayOnce();
        }
        return rows as never;
      },
    };
    const snapshot = await marketSnapshot({
      db: racing,
      bus: h().platform.bus,
      clock: h().clock,
      seed: 7203,
      universe: TSE_COMPANIES,
      source: 'simulated',
    });
    expect(raced).toBe(true);
    await vi.waitFor(() => expect(snapshot.get('9433')?.status).toBe('halted'), { timeout: 5000 });
    expect(snapshot.get('9433')?.statusReason).toBe('while starting');
    await snapshot.close();
    expect((await h().call('admin/market/resume', { symbol: '9433', reason: 'after the test' }, staff)).status).toBe(1);
  });
});
