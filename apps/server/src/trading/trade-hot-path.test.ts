import { expect, it } from 'vitest';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund } from '../test/money-fixtures.ts';
import { expectReconciled, fundedMember, order, place, positionCount, preview, type Member } from './trade-fixtures.ts';

// Issue 24 "twice the orders": an order's call reads its session, terms and sale rules from the process, and stores its
// Idempotency-Key with its answer in the transaction that writes the order. None of that may loosen a rule.

const memberId = async (h: Harness, account: string) =>
  (await h.db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;

const storedKey = async (h: Harness, key: string) =>
  (
    await h.db.query<{ http_status: number | null; response: unknown }>(
      `SELECT http_status, response FROM idempotency_keys WHERE key = $1`,
      [key],
    )
  )[0];

const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describeEachDatabase('the order path reads from the process and keeps its key with the order (issue 24)', (h) => {
  it('a member frozen while their session is kept in the process places nothing: restrictions are read as committed', async () => {
    const m = await fundedMember(h());
    expect((await preview(h(), m, order())).status).toBe(1); // the session is now kept
    const staff = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    const frozen = await h().call(
      'admin/members/restrict',
      { memberId: await memberId(h(), m.account), kind: 'frozen', reason: 'suspicious transfers' },
      staff,
    );
    expect(frozen.status).toBe(1);
    const before = await positionCount(h());
    const refused = await place(h(), m, order(), 'hot-frozen-1');
    expect([refused.http, refused.msg]).toEqual([403, 'errors.restriction.frozen']);
    expect(await positionCount(h())).toBe(before);
    // The refusal is the key's answer: the same call again is answered from it.
    const again = await place(h(), m, order(), 'hot-frozen-1');
    expect([again.msg, again.headers['idempotent-replay']]).toEqual(['errors.restriction.frozen', 'true']);
  });

  it('a session ended by sign-out or by a password change is refused at once, though it was kept', async () => {
    const m = await h().member();
    const asMember = { ...m.headers };
    expect((await h().call('user/info', {}, asMember)).status).toBe(1);
    expect((await h().call('user/logout', {}, asMember)).status).toBe(1);
    expect((await h().call('user/info', {}, asMember)).msg).toBe('errors.auth.required');

    const other = await h().signIn(m.account, m.password);
    const second = await h().signIn(m.account, m.password);
    expect((await h().call('user/info', {}, other)).status).toBe(1);
    const changed = await h().call(
      'user/changePassword',
      { oldPassword: m.password, newPassword: 'efgh5678', confirmPassword: 'efgh5678' },
      second,
    );
    expect(changed.status).toBe(1);
    expect((await h().call('user/info', {}, other)).msg).toBe('errors.auth.required');
  });

  it('a first order’s answer is stored under its key by the order’s own transaction, and a retry gets it again', async () => {
    const m = await fundedMember(h());
    const first = await place(h(), m, order(), 'hot-key-first-1');
    expect(first.status).toBe(1);
    const stored = await storedKey(h(), 'hot-key-first-1');
    expect(stored?.http_status).toBe(200);
    expect(parsed(stored?.response)).toEqual({ status: 1, msg: 'success.purchase', data: first.data });
    const retry = await place(h(), m, order(), 'hot-key-first-1');
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.data).toEqual(first.data);
    const reused = await place(h(), m, order({ quantity: '200' }), 'hot-key-first-1');
    expect([reused.http, reused.msg]).toEqual([422, 'errors.idempotency.keyReused']);
    expect((await h().db.query(`SELECT 1 FROM trade_positions WHERE client_key = 'hot-key-first-1'`)).length).toBe(1);
    await expectReconciled(h());
  });

  it('the order and its key commit together or not at all: a failure storing the answer leaves no order', async () => {
    const m = await fundedMember(h());
    const before = await positionCount(h());
    // The answer cannot be stored for this one key (as if the process died at that statement). Storing the answer
    // apart from the order, after its commit, would leave the order placed and the key without its answer.
    await h().db.exec(`
      CREATE FUNCTION refuse_hot_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.key = 'hot-key-atomic-1' AND NEW.http_status IS NOT NULL THEN RAISE EXCEPTION 'storage failed'; END IF;
      RETURN NEW; END $$;
      CREATE TRIGGER refuse_hot_key BEFORE INSERT OR UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION refuse_hot_key();
    `);
    try {
      const failed = await place(h(), m, order(), 'hot-key-atomic-1');
      expect(failed.status).toBe(0);
      expect(await positionCount(h())).toBe(before);
      expect(await storedKey(h(), 'hot-key-atomic-1')).toBeUndefined();
    } finally {
      await h().db.exec(`DROP TRIGGER refuse_hot_key ON idempotency_keys; DROP FUNCTION refuse_hot_key();`);
    }
    // The phone asks again with the same key: the order is placed now, once.
    const retried = await place(h(), m, order(), 'hot-key-atomic-1');
    expect(retried.status).toBe(1);
    expect(await positionCount(h())).toBe(before + 1);
    await expectReconciled(h());
  });

  it('two calls with one key at once place one order, and both are answered with it', async () => {
    const m = await fundedMember(h());
    const before = await positionCount(h());
    const answers = await Promise.all([1, 2, 3].map(() => place(h(), m, order(), 'hot-key-twice-1')));
    const placed = answers.filter((a) => a.status === 1);
    // Every call either has the order's answer or is told the first is still running; one order is written.
    for (const a of answers) expect(['success.purchase', 'errors.idempotency.inProgress']).toContain(a.msg);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((a) => (a.data as PositionWire).orderNo)).size).toBe(1);
    expect(await positionCount(h())).toBe(before + 1);
    await expectReconciled(h());
  });

  it('a refused order’s key keeps its refusal, even once the member could pay', async () => {
    const m: Member = await h().member();
    const short = await place(h(), m, order(), 'hot-key-short-1');
    expect(short.msg).toBe('errors.funds.insufficientBalance');
    const funded = await fundedMember(h());
    expect((await place(h(), funded, order(), 'hot-key-short-1')).status).toBe(1); // another member's key is theirs
    await fund(h(), m, '900000', await h().signIn(h().seed.staffAccount, h().seed.staffPassword));
    const before = await positionCount(h());
    const again = await place(h(), m, order(), 'hot-key-short-1');
    expect([again.msg, again.headers['idempotent-replay']]).toEqual(['errors.funds.insufficientBalance', 'true']);
    expect(await positionCount(h())).toBe(before);
    expect((await place(h(), m, order(), 'hot-key-short-2')).status).toBe(1); // a new key places it
    await expectReconciled(h());
  });
});
