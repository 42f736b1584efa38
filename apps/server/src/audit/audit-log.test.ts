import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import { describeEachDatabase } from '../test/harness.ts';

interface Page {
  items: AuditEntry[];
  total: number;
}

describeEachDatabase('audit log', (h) => {
  const staff = () => h().signIn(h().seed.staffAccount, h().seed.staffPassword);
  const list = async (body: Record<string, unknown> = {}) => h().call<Page>('admin/auditLog', body, await staff());
  const staffId = async () =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [h().seed.staffAccount]))[0]
      ?.id as string;
  const append = async (action: string, at: string, target = '') =>
    h().db.query(
      `INSERT INTO audit_log (actor_id, actor_role, action, target, reason, request_id, created_at) VALUES ($1, 'admin', $2, $3, 'test', 'req', $4)`,
      [await staffId(), action, target, at],
    );

  it('records a staff sign-in with actor, role, action, target, time and the request id of the answer', async () => {
    const res = await h().call('user/login', {
      account: h().seed.staffAccount,
      password: h().seed.staffPassword,
      agree: true,
    });
    expect(res.status).toBe(1);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await list({ action: 'staff.signIn' });
    const entry = page.data.items.find((e) => e.requestId === requestId);
    expect(entry).toEqual({
      id: expect.any(String),
      actorAccount: h().seed.staffAccount,
      actorRole: 'admin',
      action: 'staff.signIn',
      target: h().seed.staffAccount,
      reason: '',
      requestId,
      createdAt: h().clock.now().toISOString(),
    });
  });

  it('does not record a member’s sign-in', async () => {
    const before = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log`);
    await h().member();
    const after = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('lists newest first and pages through a filtered action', async () => {
    for (const [i, at] of [
      '2026-01-01T00:00:01Z',
      '2026-01-01T00:00:05Z',
      '2026-01-01T00:00:03Z',
      '2026-01-01T00:00:02Z',
      '2026-01-01T00:00:04Z',
    ].entries()) {
      await append('test.paging', at, `t${i}`);
    }
    const targets = (p: Page) => p.items.map((e) => e.target);
    const p1 = await list({ action: 'test.paging', page: 1, pageSize: 2 });
    expect(p1).toMatchObject({ http: 200, status: 1, data: { total: 5 } });
    expect(targets(p1.data)).toEqual(['t1', 't4']);
    expect(targets((await list({ action: 'test.paging', page: 2, pageSize: 2 })).data)).toEqual(['t2', 't3']);
    expect(targets((await list({ action: 'test.paging', page: 3, pageSize: 2 })).data)).toEqual(['t0']);
    expect((await list({ action: 'test.paging', page: 4, pageSize: 2 })).data).toEqual({ items: [], total: 5 });
  });

  it('orders entries written in the same instant by the order they were written', async () => {
    for (const t of ['first', 'second', 'third']) await append('test.sameInstant', '2026-02-01T00:00:00Z', t);
    const page = await list({ action: 'test.sameInstant' });
    expect(page.data.items.map((e) => e.target)).toEqual(['third', 'second', 'first']);
  });

  it('lists every action newest first when no filter is given', async () => {
    await append('test.other', '2026-03-01T00:00:00Z');
    const page = await list({ pageSize: 100 });
    expect(page.status).toBe(1);
    const [count] = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log`);
    expect(page.data.total).toBe(Number(count?.n));
    const times = page.data.items.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.data.items.map((e) => e.action)).toEqual(expect.arrayContaining(['staff.signIn', 'test.other']));
  });

  it('finds nothing for an action never recorded', async () => {
    expect((await list({ action: 'test.never' })).data).toEqual({ items: [], total: 0 });
  });

  it.each([
    ['page 0', { page: 0 }],
    ['a page size over 100', { pageSize: 101 }],
    ['a fractional page', { page: 1.5 }],
    ['a page as a string', { page: '1' }],
    ['an action over 64 characters', { action: 'x'.repeat(65) }],
  ])('refuses %s', async (_name, body) => {
    expect(await list(body)).toMatchObject({ http: 400, status: 0, msg: errorKeys.request.invalid });
  });

  it('refuses a member, even one who claims is-admin', async () => {
    const m = await h().member();
    expect(await h().call('admin/auditLog', {}, m.headers)).toMatchObject({
      http: 403,
      status: 0,
      msg: errorKeys.auth.forbidden,
      data: null,
    });
    expect(await h().call('admin/auditLog', {}, { ...m.headers, 'is-admin': '1' })).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
  });

  it('cannot be changed: UPDATE, DELETE and TRUNCATE raise', async () => {
    await append('test.immutable', '2026-04-01T00:00:00Z', 'keep');
    const before = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log`);
    await expect(
      h().db.query(`UPDATE audit_log SET reason = 'edited' WHERE action = 'test.immutable'`),
    ).rejects.toThrow(/append-only/);
    await expect(h().db.query(`DELETE FROM audit_log WHERE action = 'test.immutable'`)).rejects.toThrow(/append-only/);
    await expect(h().db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(h().db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    await expect(h().db.transaction((tx) => tx.query(`UPDATE audit_log SET action = 'x'`))).rejects.toThrow(
      /append-only/,
    );
    const after = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log`);
    expect(after[0]?.n).toBe(before[0]?.n);
    const [kept] = await h().db.query<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE action = 'test.immutable'`,
    );
    expect(kept?.reason).toBe('test');
  });
});
