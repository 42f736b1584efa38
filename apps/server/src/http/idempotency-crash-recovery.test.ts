import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { firstChannelId, verifiedMember } from '../test/money-fixtures.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { expireIdempotencyKeys, idempotencyLeaseMs, idempotencyStore } from './idempotency.ts';

/** What a process killed between commit and reply leaves behind: the business row, and its key still "in progress". */
const crashAfterCommit = (h: Harness, key: string) =>
  h.db.query(`UPDATE idempotency_keys SET http_status = NULL, response = NULL WHERE key = $1`, [key]);

describeEachDatabase('idempotency keys survive a crash between commit and reply', (h) => {
  const depositBody = async (headers: Record<string, string>) => ({
    channelId: await firstChannelId(h(), headers),
    amount: '12000',
    receiptImageId: await uploadImage(h().app, headers, 'deposit_receipt'),
  });

  it('answers a retry after the lease from the deposit row the key committed with, and adds no second deposit', async () => {
    const m = await h().member();
    const body = await depositBody(m.headers);
    const headers = { ...m.headers, 'idempotency-key': 'deposit-crash-0001' };
    const first = await h().call<{ orderNo: string }>('user/deposit/create', body, headers);
    expect(first.status).toBe(1);
    await crashAfterCommit(h(), 'deposit-crash-0001');
    // Within the lease the first run might still be going: the retry is told so.
    expect(await h().call('user/deposit/create', body, headers)).toMatchObject({
      http: 409,
      msg: errorKeys.idempotency.inProgress,
    });
    h().clock.advance(idempotencyLeaseMs + 1_000);
    const retry = await h().call<{ orderNo: string }>('user/deposit/create', body, headers);
    expect(retry).toMatchObject({ http: 200, status: 1, data: { orderNo: first.data.orderNo } });
    expect(retry.headers['idempotent-replay']).toBe('true');
    const [n] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(n?.n).toBe('1');
    // And from then on the stored answer is replayed at once.
    expect(await h().call('user/deposit/create', body, headers)).toMatchObject({
      http: 200,
      data: { orderNo: first.data.orderNo },
    });
  });

  it('runs the request again when the crashed run never committed its row', async () => {
    const m = await h().member();
    const body = await depositBody(m.headers);
    const headers = { ...m.headers, 'idempotency-key': 'deposit-crash-0002' };
    const [member] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    await h().db.query(
      `INSERT INTO idempotency_keys (member_id, key, path, body_hash, created_at, expires_at) SELECT $1, 'deposit-crash-0002', 'user/deposit/create', '', $2, $3`,
      [member?.id ?? '', h().clock.now(), new Date(h().clock.now().getTime() + 86_400_000)],
    );
    // The stored hash is not this body's, so the key is refused as reused: a key is bound to its first body.
    expect(await h().call('user/deposit/create', body, headers)).toMatchObject({
      http: 422,
      msg: errorKeys.idempotency.keyReused,
    });
    const fresh = { ...m.headers, 'idempotency-key': 'deposit-crash-0003' };
    const started = await h().call('user/deposit/create', body, fresh);
    expect(started.status).toBe(1);
    // Simulate the crash before commit: no row carries the key, and the key is left in progress.
    await h().db.query(`DELETE FROM deposits WHERE client_key = 'deposit-crash-0003'`);
    await crashAfterCommit(h(), 'deposit-crash-0003');
    h().clock.advance(idempotencyLeaseMs + 1_000);
    const rerun = await h().call<{ orderNo: string }>('user/deposit/create', body, fresh);
    expect(rerun).toMatchObject({ http: 200, status: 1 });
    expect(rerun.headers['idempotent-replay']).toBeUndefined();
  });

  it('recovers a withdrawal and an exchange the same way, with the money moved once', async () => {
    const m = await verifiedMember(h());
    const staff = m.staff;
    const receipt = await uploadImage(h().app, m.headers, 'deposit_receipt');
    const dep = await h().call<{ id: string }>(
      'user/deposit/create',
      { channelId: await firstChannelId(h(), m.headers), amount: '40000', receiptImageId: receipt },
      m.headers,
    );
    await h().call('admin/deposits/decide', { id: dep.data.id, decision: 'approve', reason: 'seen' }, staff);

    const wHeaders = { ...m.headers, 'idempotency-key': 'withdraw-crash-0001' };
    const wBody = { amount: '10000', fundPassword: m.pin, bankCardId: m.cardId };
    const w = await h().call<{ orderNo: string }>('user/withdraw/create', wBody, wHeaders);
    expect(w.status).toBe(1);
    await crashAfterCommit(h(), 'withdraw-crash-0001');
    h().clock.advance(idempotencyLeaseMs + 1_000);
    expect(await h().call('user/withdraw/create', wBody, wHeaders)).toMatchObject({
      http: 200,
      data: { orderNo: w.data.orderNo },
    });

    const quote = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'JPY', to: 'USD', amount: '5000' },
      m.headers,
    );
    const xHeaders = { ...m.headers, 'idempotency-key': 'exchange-crash-0001' };
    const x = await h().call<{ orderNo: string }>('user/exchange/create', { quoteId: quote.data.quoteId }, xHeaders);
    expect(x.status).toBe(1);
    await crashAfterCommit(h(), 'exchange-crash-0001');
    h().clock.advance(idempotencyLeaseMs + 1_000);
    expect(await h().call('user/exchange/create', { quoteId: quote.data.quoteId }, xHeaders)).toMatchObject({
      http: 200,
      data: { orderNo: x.data.orderNo },
    });

    const assets = await h().call<{ balances: { currency: string; available: string; frozen: string }[] }>(
      'user/assets',
      {},
      m.headers,
    );
    expect(assets.data.balances.find((b) => b.currency === 'JPY')).toMatchObject({
      available: '25000',
      frozen: '10000',
    });
  });

  it('forgets keys after their lifetime: the expiry job deletes them and the key is free again', async () => {
    const m = await h().member();
    const body = await depositBody(m.headers);
    const headers = { ...m.headers, 'idempotency-key': 'deposit-expiry-0001' };
    expect((await h().call('user/deposit/create', body, headers)).status).toBe(1);
    h().clock.advance(25 * 60 * 60_000);
    expect(await expireIdempotencyKeys(h().db, h().clock.now())).toBeGreaterThanOrEqual(1);
    const [left] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM idempotency_keys WHERE key = 'deposit-expiry-0001'`,
    );
    expect(left?.n).toBe('0');
  });

  it('takes a key over once it has expired, even before the job deletes it; a live key is left alone', async () => {
    const m = await h().member();
    const [member] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    const store = idempotencyStore(h().db, h().clock, { instance: 'store-expiry-instance', deadAfterMs: 6_000 });
    const id = member?.id as string;
    expect(await store.begin(id, 'store-expiry-0001', 'user/deposit/create', 'hash-a')).toEqual({ kind: 'new' });
    expect(await store.begin(id, 'store-expiry-0001', 'user/deposit/create', 'hash-b')).toEqual({ kind: 'reused' });
    h().clock.advance(25 * 60 * 60_000);
    expect(await store.begin(id, 'store-expiry-0001', 'user/withdraw/create', 'hash-b')).toEqual({ kind: 'new' });
    const [row] = await h().db.query<{ path: string; body_hash: string; http_status: number | null }>(
      `SELECT path, body_hash, http_status FROM idempotency_keys WHERE member_id = $1 AND key = 'store-expiry-0001'`,
      [id],
    );
    expect(row).toEqual({ path: 'user/withdraw/create', body_hash: 'hash-b', http_status: null });
  });
});
