import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { staffRoles, type StaffRole } from '@kabuto/contracts/fields';
import { describeEachDatabase } from '../test/harness.ts';
import { gif, jpeg, png, uploadImage } from './image-fixtures.ts';

// DESIGN "API conventions": ID images are served only to their owner and to staff.
describeEachDatabase('image uploads: who may view them', (h) => {
  const view = async (id: unknown, headers: Record<string, string> = {}) => {
    const res = await h().app.inject({
      method: 'POST',
      url: '/api/vue/upload/view',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ id }),
    });
    return res;
  };
  const withRole = async (role: StaffRole) => {
    const m = await h().member();
    await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    if (role) await h().staffCodes.enrol(m.headers);
    return m.headers;
  };

  it('answers the owner the raw bytes with the content type found in them, private and never cached', async () => {
    const a = await h().member();
    for (const [data, type] of [
      [png(), 'image/png'],
      [gif(), 'image/gif'],
      [jpeg(), 'image/jpeg'],
    ] as const) {
      const id = await uploadImage(h().app, a.headers, 'id_front', data);
      const res = await view(id, a.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload).toEqual(data);
    }
  });

  it('answers member B exactly as for an id that does not exist (404 upload.notFound)', async () => {
    const a = await h().member();
    const b = await h().member();
    const id = await uploadImage(h().app, a.headers, 'id_back');
    const theirs = await view(id, b.headers);
    const missing = await view(randomUUID(), b.headers);
    for (const res of [theirs, missing]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, msg: errorKeys.upload.notFound, data: null });
    }
    // Spoofing the admin flag or the owner's account changes nothing.
    expect((await view(id, { ...b.headers, 'is-admin': '1' })).statusCode).toBe(404);
    expect((await view(id, { ...b.headers, account: a.account })).statusCode).toBe(401);
  });

  it('lets staff of every role view a member’s image', async () => {
    const a = await h().member();
    const id = await uploadImage(h().app, a.headers, 'id_front');
    for (const role of staffRoles) {
      const res = await view(id, await withRole(role));
      expect(res.statusCode, role).toBe(200);
      expect(res.rawPayload, role).toEqual(png());
    }
    const seeded = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
    expect((await view(id, seeded)).statusCode).toBe(200);
    // Every staff look at a member's document is in the audit log; the owner's own looks are not.
    await view(id, a.headers);
    const [views] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action = 'upload.view' AND target LIKE $1`,
      [`%${id}`],
    );
    expect(views?.n).toBe(String(staffRoles.length + 1));
  });

  it('asks for a sign-in without a token, and refuses ids that are not uuids as not found', async () => {
    const a = await h().member();
    const id = await uploadImage(h().app, a.headers, 'deposit_receipt');
    const anonymous = await view(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 0, msg: errorKeys.auth.required });
    for (const bad of ['../../etc/passwd', '1', '', 42]) {
      const res = await view(bad, a.headers);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json(), String(bad)).toMatchObject({ status: 0, msg: errorKeys.upload.notFound });
    }
  });

  it('answers 404 when the stored file has gone, never 5xx', async () => {
    const a = await h().member();
    const id = await uploadImage(h().app, a.headers, 'id_front');
    await h().db.query(`UPDATE uploads SET stored_name = $2 WHERE id = $1`, [id, 'f'.repeat(48)]);
    const res = await view(id, a.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0, msg: errorKeys.upload.notFound });
  });
});
