import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type KabutoApp } from '../app.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { hashedAssetCacheControl, unhashedCacheControl } from './static-assets.ts';

const html = `<!doctype html><title>Kabuto</title><div id="root"></div>${'<!-- padding -->'.repeat(64)}`;
const script = `export const screen = ${JSON.stringify('start '.repeat(400))};`;
const serviceWorker = `self.__WB_MANIFEST = ${JSON.stringify('precache '.repeat(400))};`;
const manifest = JSON.stringify({ name: 'Kabuto', start_url: './#/login/start' });

/** A built app as the Vite precompress step leaves it: each file with its .br and .gz siblings. */
async function writeWithSiblings(path: string, content: string): Promise<void> {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

describeEachDatabase('built web app delivery (DESIGN "Front end" → Delivery)', (h) => {
  let spa: KabutoApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'kabuto-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeWithSiblings(join(webDist, 'index.html'), html);
    await writeWithSiblings(join(webDist, 'assets/start-Bx7kQ2aZ.js'), script);
    await writeFile(join(webDist, 'assets/logo-C1a2b3c4.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeWithSiblings(join(webDist, 'sw.js'), serviceWorker);
    await writeFile(join(webDist, 'manifest.webmanifest'), manifest);
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

  const get = (url: string, acceptEncoding?: string) =>
    spa.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli file to a browser that accepts br, and gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/start-Bx7kQ2aZ.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/start-Bx7kQ2aZ.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when no encoding is accepted, or when a file has no compressed sibling', async () => {
    const plain = await get('/assets/start-Bx7kQ2aZ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const svg = await get('/assets/logo-C1a2b3c4.svg', 'br, gzip');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['cache-control']).toBe(hashedAssetCacheControl);
  });

  it('caches hashed files for a year as immutable, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/start-Bx7kQ2aZ.js', encoding);
      expect(res.headers['cache-control'], String(encoding)).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes the browser revalidate the HTML, at / and by name, in every encoding', async () => {
    for (const url of ['/', '/index.html']) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const res = await get(url, encoding);
        expect(res.statusCode, `${url} ${String(encoding)}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], `${url} ${String(encoding)}`).toBe(unhashedCacheControl);
        expect(res.headers['content-encoding'], `${url} ${String(encoding)}`).toBe(encoding);
      }
    }
    expect(brotliDecompressSync((await get('/', 'br')).rawPayload).toString()).toBe(html);
  });

  it('makes the browser check the service worker and the manifest on every load, so a new version is found (issue 27)', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const sw = await get('/sw.js', encoding);
      expect(sw.statusCode, String(encoding)).toBe(200);
      expect(sw.headers['content-type']).toMatch(/javascript/);
      expect(sw.headers['cache-control'], String(encoding)).toBe(unhashedCacheControl);
    }
    const webManifest = await get('/manifest.webmanifest');
    expect(webManifest.statusCode).toBe(200);
    expect(webManifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(webManifest.headers['cache-control']).toBe(unhashedCacheControl);
    expect(webManifest.json()).toEqual({ name: 'Kabuto', start_url: './#/login/start' });
  });

  it('answers an unknown file with 404, not with a compressed sibling of something else', async () => {
    const res = await get('/assets/missing-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});
