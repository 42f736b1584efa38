import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type KabutoApp } from '../app.ts';
import { describeEachDatabase } from '../test/harness.ts';

const loader = '(function(){document.title="loaded"})();';

describeEachDatabase('the paint-first loader under the content security policy', (h) => {
  let spa: KabutoApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'kabuto-web-'));
    await writeFile(
      join(webDist, 'index.html'),
      `<!doctype html><title>Kabuto</title><div id="root"></div><script>${loader}</script>`,
    );
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

  it('allows exactly the inline script the built index.html carries, by its hash, and nothing inline besides', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1);
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
