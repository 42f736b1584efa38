import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPortFree, portInUseMessage } from './port-in-use.ts';

// Issue 16 §4: `npm start` on a busy port says so in one line and exits 1 (it printed a stack trace).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function occupiedPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('a busy port', () => {
  it('is refused by the check with the listen error, whose message is one line naming the port and PORT', async () => {
    const port = await occupiedPort();
    const error = await checkPortFree(port, '127.0.0.1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(portInUseMessage(error)).toBe(
      `Port ${String(port)} on 127.0.0.1 is in use (EADDRINUSE): stop the other process or choose another port, e.g. PORT=${String(port + 1)} npm start`,
    );
  });

  it('is no message for other errors, and a free port passes the check', async () => {
    expect(portInUseMessage(new Error('boom'))).toBeNull();
    expect(portInUseMessage(Object.assign(new Error('x'), { code: 'EACCES' }))).toBeNull();
    expect(portInUseMessage('EADDRINUSE')).toBeNull();
    await expect(checkPortFree(0, '127.0.0.1')).resolves.toBeUndefined();
  });

  it('stops the server process with that one line on stderr and exit code 1, before it opens the database', async () => {
    const port = await occupiedPort();
    const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-busy-port-'));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: `Port ${String(port)} on 127.0.0.1 is in use (EADDRINUSE): stop the other process or choose another port, e.g. PORT=${String(port + 1)} npm start\n`,
    });
    // A second `npm start` must not open (and migrate) the first one's PGlite folder.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
