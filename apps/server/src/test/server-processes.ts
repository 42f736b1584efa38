import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { timeStepOf, totpRules } from '@kabuto/domain/security/two-factor-code';

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

/** Issue 27: each staff account's authenticator, as the staff member's phone holds it, for the suite's processes. */
const staffAuthenticators = new Map<string, { totp: TOTP; lastStep: number; recoveryCodes: string[] }>();

/**
 * A code of a time step not used yet (a code is accepted once); within the step of the last one, a recovery code
 * stands in, as a staff member signing in twice within 30 s would do.
 */
function nextStaffCode(account: string): string {
  const held = staffAuthenticators.get(account);
  if (!held) throw new Error(`${account} has two-step sign-in on but this suite did not turn it on`);
  const step = timeStepOf(new Date());
  if (step > held.lastStep) {
    held.lastStep = step;
    return held.totp.generate();
  }
  const recovery = held.recoveryCodes.shift();
  if (!recovery) throw new Error(`${account}: no recovery code left for a second sign-in within one time step`);
  return recovery;
}

/**
 * Signs a staff account in through a process. Staff calls need two-step sign-in (issue 27): at the account's first
 * sign-in this turns it on (set-up, then the first code), as a staff member does; later sign-ins answer the code step.
 */
export async function staffSignIn(
  p: ServerProcess,
  account: string,
  password: string,
): Promise<{ token: string; account: string }> {
  const login = await post<{ token?: string; challenge?: string }>(p, 'user/login', { account, password, agree: true });
  if (login.status !== 1) throw new Error(`staff sign-in refused for ${account}: ${login.msg}`);
  if (login.data.challenge !== undefined) {
    const second = await post<{ token: string }>(p, 'user/login/code', {
      challenge: login.data.challenge,
      code: nextStaffCode(account),
    });
    if (second.status !== 1) throw new Error(`staff sign-in code refused for ${account}: ${second.msg}`);
    return { token: second.data.token, account };
  }
  if (login.data.token === undefined) throw new Error(`staff sign-in for ${account} answered no session`);
  const headers = { token: login.data.token, account };
  const setup = await post<{ secret: string }>(p, 'user/twoFactor/setup', {}, headers);
  if (setup.status !== 1) throw new Error(`two-step set-up refused for ${account}: ${setup.msg}`);
  const totp = new TOTP({
    secret: Secret.fromBase32(setup.data.secret.replace(/\s/g, '')),
    digits: totpRules.digits,
    period: totpRules.periodSeconds,
  });
  staffAuthenticators.set(account, { totp, lastStep: timeStepOf(new Date()), recoveryCodes: [] });
  const on = await post<{ recoveryCodes: string[] }>(p, 'user/twoFactor/enable', { code: totp.generate() }, headers);
  if (on.status !== 1) throw new Error(`two-step confirm refused for ${account}: ${on.msg}`);
  const held = staffAuthenticators.get(account);
  if (held) held.recoveryCodes = [...on.data.recoveryCodes];
  return headers;
}
