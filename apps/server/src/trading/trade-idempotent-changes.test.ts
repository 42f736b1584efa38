import { expect, it } from 'vitest';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { expectReconciled, fundedMember, order, place, type Member } from './trade-fixtures.ts';

const entries = async (h: Harness, orderNo: string, kind: string) =>
  (
    await h.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal_entries WHERE ref_type = 'trade' AND ref_id = $1 AND kind = $2`,
      [orderNo, kind],
    )
  )[0]?.n;

const withKey = (m: Member, key: string) => ({ ...m.headers, 'idempotency-key': key });

describeEachDatabase('close, cancel and add margin honour the Idempotency-Key (issue 24 §7)', (h) => {
  it('a retry of a close or an add-margin with the same key gets the first answer, and moves no money again', async () => {
    const m = await fundedMember(h());
    const placed = await place(h(), m, order({ leverage: 2 }));
    const add = () =>
      h().call<PositionWire>(
        'trade/addMargin',
        { orderNo: placed.data.orderNo, amount: '5000' },
        withKey(m, 'margin-key-1'),
      );
    const [a1, a2] = [await add(), await add()];
    expect([a1.msg, a2.msg]).toEqual(['success.marginAdded', 'success.marginAdded']);
    expect(a2.data).toEqual(a1.data);
    expect(await entries(h(), placed.data.orderNo, 'trade_margin_added')).toBe('1');

    const close = () =>
      h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, withKey(m, 'close-key-1'));
    const [c1, c2] = [await close(), await close()];
    expect([c1.msg, c2.msg]).toEqual(['success.closed', 'success.closed']);
    expect(c2.data).toEqual(c1.data);
    expect(await entries(h(), placed.data.orderNo, 'trade_close')).toBe('1');
    // Without a key a second close is refused as before.
    expect((await h().call('trade/close', { orderNo: placed.data.orderNo }, m.headers)).msg).toBe(
      'errors.trade.notHolding',
    );
    await expectReconciled(h());
  });

  it('after a crash between the commit and the reply, the retry is answered from the entry that carries the key', async () => {
    const m = await fundedMember(h());
    const limit = h().platform.market.snapshot.touch('7203')?.quote.limitDown;
    const pending = await place(h(), m, order({ type: 'limit', price: limit }));
    const cancel = () =>
      h().call<PositionWire>('trade/cancel', { orderNo: pending.data.orderNo }, withKey(m, 'cancel-key-1'));
    const first = await cancel();
    expect(first.msg).toBe('success.cancel');
    // As if the process died after the commit: the key is left "in progress", and its lease has run out.
    await h().db.query(
      `UPDATE idempotency_keys SET http_status = NULL, response = NULL, created_at = created_at - interval '1 hour' WHERE key = 'cancel-key-1'`,
    );
    const retried = await cancel();
    expect([retried.msg, retried.data.status]).toEqual(['success.cancel', 'cancelled']);
    expect(await entries(h(), pending.data.orderNo, 'trade_release')).toBe('1');
    // Another member's same key is theirs alone: it answers nothing of the first member's.
    const other = await fundedMember(h());
    const theirs = await h().call('trade/cancel', { orderNo: pending.data.orderNo }, withKey(other, 'cancel-key-1'));
    expect(theirs.msg).toBe('errors.order.notExist');
    await expectReconciled(h());
  });
});
