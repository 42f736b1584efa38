import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { buildApp, type KabutoApp } from '../app.ts';
import { describeEachDatabase } from '../test/harness.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  const policy = csp(headers['content-security-policy']);
  expect(policy.get('script-src'), label).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-request-id'], label).toMatch(uuid);
}

describeEachDatabase('security headers', (h) => {
  let spa: KabutoApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'kabuto-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Kabuto</title><div id="root"></div>');
    spa = await buildApp({
      db: h().db,
      clock: h().clock,
      sms: h().sms,
      webDist,
      uploadDir: join(tmpdir(), 'kabuto-unused-uploads'),
    });
    await spa.app.ready();
  });
  afterAll(async () => {
    await spa?.app.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('sets them on an API answer', async () => {
    const res = await h().call('common/config', { type: 'all' });
    expect(res.status).toBe(1);
    expectSecurityHeaders(res.headers, 'common/config');
  });

  it('sets them on refusals and not-found answers', async () => {
    expectSecurityHeaders((await h().call('user/info', {})).headers, '401');
    expectSecurityHeaders((await h().call('user/login', null)).headers, '400');
    expectSecurityHeaders((await h().app.inject({ method: 'GET', url: '/api/vue/nosuch' })).headers, 'API 404');
    expectSecurityHeaders((await h().app.inject({ method: 'GET', url: '/' })).headers, '/ without the web app');
  });

  it('sets them on the web app at /', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expectSecurityHeaders(res.headers, '/');
  });

  it('answers unknown API paths with the JSON envelope even when the web app is served', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await spa.app.inject({
        method,
        url: '/api/vue/nosuch',
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ status: 0, msg: errorKeys.request.notFound, data: null });
    }
  });

  it('gives every answer its own request id and ignores one sent by the client', async () => {
    const a = await h().call('common/config', { type: 'all' });
    const b = await h().call('common/config', { type: 'all' }, { 'x-request-id': 'chosen-by-client' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(b.headers['x-request-id']).toMatch(uuid);
  });

  it('forbids framing and sniffing on the bundled images too', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/api/images/logo.svg' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers, 'logo.svg');
  });
});
