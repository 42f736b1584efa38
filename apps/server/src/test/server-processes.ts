import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

// Real `main.ts` processes for the scaled-mode tests (two processes on one PostgreSQL and one Redis).
const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed, line by line. */
  out: string[];
  base: string;
  dataDir: string;
}

export const until = async (check: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

function launch(name: string, env: Record<string, string>): ServerProcess {
  // Below Linux's ephemeral range (32768+), where outgoing connections of other tests take their ports.
  const port = 20000 + Math.floor(Math.random() * 12000);
  const dataDir = mkdtempSync(join(tmpdir(), `kabuto-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: ServerProcess = { name, port, child, out: [], base: `http://127.0.0.1:${String(port)}`, dataDir };
  child.stdout?.on('data', (d: Buffer) => p.out.push(...String(d).split('\n')));
  child.stderr?.on('data', (d: Buffer) => p.out.push(...String(d).split('\n')));
  return p;
}

const running = (p: ServerProcess) => p.out.some((l) => l.includes('Kabuto is running at'));

/** Starts `npm start`'s server on a free loopback port; another pick when something else took the port first. */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  onSpawn: (p: ServerProcess) => void,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const p = launch(name, env);
    onSpawn(p);
    await until(() => p.child.exitCode !== null || running(p), 60_000);
    if (running(p)) return p;
    p.child.kill('SIGKILL');
    if (attempt < 3 && p.out.some((l) => l.includes('EADDRINUSE'))) continue;
    throw new Error(`${name} did not start:\n${p.out.join('\n')}`);
  }
}

/** The process's latest leadership line says it leads. */
export function leads(p: ServerProcess): boolean {
  const changes = p.out.filter((l) => l.includes('"leader: '));
  return changes.length > 0 && (changes[changes.length - 1] as string).includes('leader: acquired');
}

/** A database of the test's own on the scaled-mode PostgreSQL, dropped (with its connections) afterwards. */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Kills every process started (SIGKILL: no clean shutdown to wait for) and removes their data folders. */
export async function stopAll(procs: readonly ServerProcess[]): Promise<void> {
  for (const p of procs) p.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  for (const p of procs) rmSync(p.dataDir, { recursive: true, force: true });
}

/** Posts a call to a process and reads the envelope. */
export async function post<T>(
  p: ServerProcess,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; msg: string; data: T }> {
  const res = await fetch(`${p.base}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

/**
 * For the suite: a scratch database and two `main.ts` processes on it and on Redis, started one after the other
 * (the first migrates and seeds, the second finds both done), stopped and dropped afterwards.
 */
export function twoProcesses(
  services: () => { databaseUrl: string; redisUrl: string },
  prefix: string,
  env: Record<string, string>,
): () => [ServerProcess, ServerProcess] {
  const procs: ServerProcess[] = [];
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  beforeAll(async () => {
    scratch = await scratchDatabase(services().databaseUrl, prefix);
    const shared = { ...env, DATABASE_URL: scratch.url, REDIS_URL: services().redisUrl };
    await startServerProcess('a', shared, (p) => procs.push(p));
    await startServerProcess('b', shared, (p) => procs.push(p));
  }, 150_000);
  afterAll(async () => {
    await stopAll(procs);
    await scratch?.drop();
  });
  return () => procs as [ServerProcess, ServerProcess];
}
