import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

type Setting = { name: string; value: string };

// SPEC §7: POST /common/config {type: 'all'} → a list of {name, value}; title and logo are read by the client.
describeEachDatabase('startup config', (h) => {
  const config = () => h().call<Setting[]>('common/config', { type: 'all' });

  it('answers status 1 with name/value pairs including the title Kabuto and the logo', async () => {
    const res = await config();
    expect(res).toMatchObject({ http: 200, status: 1 });
    expect(Array.isArray(res.data)).toBe(true);
    for (const s of res.data) expect(Object.keys(s).sort()).toEqual(['name', 'value']);
    expect(res.data).toContainEqual({ name: 'title', value: 'Kabuto' });
    // An empty logo tells the client to use its bundled default (SPEC §7).
    expect(res.data).toContainEqual({ name: 'logo', value: '' });
  });

  it('needs no session, and ignores a stale one', async () => {
    expect(
      await h().call(
        'common/config',
        { type: 'all' },
        { token: 'x'.repeat(43), account: '0900000000', 'is-admin': '1' },
      ),
    ).toMatchObject({ http: 200, status: 1 });
  });

  it('never shows internal settings', async () => {
    await h().db.query(
      `INSERT INTO settings (name, value) VALUES ('internal.signingKey', 'do-not-leak'), ('internal.', 'empty-suffix')`,
    );
    const res = await config();
    expect(res.data.filter((s) => s.name.startsWith('internal'))).toEqual([]);
    expect(JSON.stringify(res.data)).not.toContain('do-not-leak');
    const [seeded] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM settings WHERE name = 'internal.seeded'`,
    );
    expect(seeded?.n).toBe('1');
  });

  it('shows a changed title at once and keeps server-side settings (limits) private', async () => {
    await h().db.query(`UPDATE settings SET value = 'Kabuto Securities' WHERE name = 'title'`);
    const res = await config();
    expect(res.data).toContainEqual({ name: 'title', value: 'Kabuto Securities' });
    expect(res.data.map((s) => s.name).sort()).toEqual(['contact', 'logo', 'title']);
    await h().db.query(`UPDATE settings SET value = 'Kabuto' WHERE name = 'title'`);
  });

  it.each([
    ['another type', { type: 'some' }],
    ['no type', {}],
    ['type ALL in capitals', { type: 'ALL' }],
  ])('refuses %s', async (_name, body) => {
    expect(await h().call('common/config', body)).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.request.invalid,
      data: null,
    });
  });

  it('serves the bundled default logo at /api/images/logo.svg', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/api/images/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/<svg[\s>]/);
  });

  it('serves nothing outside the images folder', async () => {
    for (const url of [
      '/api/images/../../package.json',
      '/api/images/..%2f..%2fpackage.json',
      '/api/images/%2e%2e/%2e%2e/package.json',
      '/api/images/',
    ]) {
      const res = await h().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('@kabuto/server');
    }
  });
});
