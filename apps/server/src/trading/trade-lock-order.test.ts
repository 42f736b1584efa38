import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import type { Fenced } from '../platform/public.ts';
import { holdEpoch } from '../platform/public.ts';
import { HOUSE_SHARDS, houseShard } from '@kabuto/db/ledger';
import { fund } from '../test/money-fixtures.ts';
import { expectReconciled, fundedMember, order, place } from './trade-fixtures.ts';
import { financingJob } from './financing-job.ts';

/**
 * Issue 24 §3: closes, financing and new orders of one member at the same time. A close and the financing job used
 * to lock the member's `available` row first and the rest later in id order, while an order locks every account in
 * id order: against a lower-id house shard that is a deadlock (PostgreSQL aborts one side with 40P01).
 */
describeEachDatabase('one member’s closes, financing and orders at once: no deadlock (issue 24 §3)', (h) => {
  it('every close, charge and order completes, and the ledger reconciles', async () => {
    await h().platform.jobs.stop();
    const m = await fundedMember(h());
    await fund(h(), m, '900000', await h().signIn(h().seed.staffAccount, h().seed.staffPassword));
    const symbols = ['7203', '6758', '8306', '9432'];
    const opened = [];
    for (let round = 0; round < 3; round++)
      for (const symbol of symbols) opened.push(await place(h(), m, order({ symbol, leverage: 5 })));
    expect(opened.map((p) => p.msg)).toEqual(Array(opened.length).fill('success.purchase'));
    // The next JST day: financing is due on every position.
    h().clock.advance(24 * 3_600_000);
    m.headers = await h().signIn(m.account, 'abcd1234');
    const epoch = h().platform.leader.epoch() as number;
    const fenced: Fenced = (work) =>
      h().db.transaction(async (tx) => {
        expect(await holdEpoch(tx, epoch)).toBe(true);
        return work(tx);
      });
    const financing = financingJob(h().db);
    const [closes, charged, orders] = await Promise.all([
      Promise.all(
        opened
          .filter((_, i) => i % 2 === 0)
          .map((p) => h().call('trade/close', { orderNo: p.data.orderNo }, m.headers)),
      ),
      financing.run(h().clock.now(), fenced),
      Promise.all(symbols.map((symbol) => place(h(), m, order({ symbol, leverage: 5 })))),
    ]);
    expect(closes.map((c) => c.msg)).toEqual(Array(closes.length).fill('success.closed'));
    expect(orders.map((o) => o.msg)).toEqual(Array(orders.length).fill('success.purchase'));
    // Closed before its charge, or charged and then closed: every position still holding was charged once.
    const [uncharged] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM trade_positions p JOIN members mm ON mm.id = p.member_id
        WHERE mm.account = $1 AND p.status = 'holding' AND p.opened_at < $2 AND p.financed_through IS NULL`,
      [m.account, h().clock.now()],
    );
    expect(uncharged?.n).toBe('0');
    expect(charged).toMatch(/positions charged financing/);
    await expectReconciled(h());
  });

  it('a close waits for a house account an order holds before it locks the member’s own (deterministic on PostgreSQL)', async () => {
    // Every house shard is opened before the member's accounts, so each has a lower id than theirs.
    await h().db.query(
      `INSERT INTO ledger_accounts (house, currency, shard) SELECT h, 'JPY', s FROM unnest(ARRAY['fees', 'trading']) AS h,
         generate_series(0, $1::int - 1) AS s ON CONFLICT (house, currency, shard) WHERE house IS NOT NULL DO NOTHING`,
      [HOUSE_SHARDS],
    );
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ leverage: 2 }));
    const [member] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    const shard = houseShard({ refType: 'trade', refId: placed.data.orderNo });
    // Another transaction, as an order would (accounts in id order: the house shard, then the member's), holds
    // the fees shard the close needs, waits until the close is blocked, then takes the member's available. Had the
    // close taken `available` first, this is a deadlock, and PostgreSQL aborts one of the two.
    const { close } = await h().db.transaction(async (tx) => {
      await tx.query(
        `SELECT id FROM ledger_accounts WHERE house = 'fees' AND currency = 'JPY' AND shard = $1 FOR UPDATE`,
        [shard],
      );
      const close = h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers);
      if (h().kind === 'postgres') {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const [waiting] = await h().db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (waiting?.n !== '0') break;
          if (Date.now() > deadline) throw new Error('the close never waited for the fees account');
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      await tx.query(
        `SELECT id FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY' FOR UPDATE`,
        [member?.id as string],
      );
      return { close };
    });
    expect((await close).msg).toBe('success.closed');
    await expectReconciled(h());
  });
});
