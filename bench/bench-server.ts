// The server a web bench measures: the real one, started like `npm start` on a fresh data folder and a free port, and a
// member signed up through the real API for the screens a visitor cannot open (the order ticket, positions).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** The invitation code the bench server seeds, so the bench can register its own member. */
const inviteCode = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`;

export interface BenchServer {
  origin: string;
  inviteCode: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${String(child.exitCode)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${String(timeoutMs)} ms`);
}

/** CPU seconds a process has used so far (Linux `/proc`), or null where there is no such file. */
function cpuSeconds(pid: number): number | null {
  try {
    // Fields 14 and 15 (user and system time, in clock ticks of 1/100 s) follow the command name in parentheses.
    const fields =
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the server's start-up work (the first start's chart back-fill, ~15 s of CPU) is done: the phone being
 * measured does not share its CPU with the server in real life, so Lighthouse runs only once the server uses less than
 * a quarter of a core (its live feed), or after `timeoutMs`.
 */
async function waitForQuietServer(pid: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuSeconds(pid);
  while (before !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = cpuSeconds(pid);
    if (after === null || (after - before) / 2 < 0.25) return;
    before = after;
  }
}

/**
 * Like `npm start` and the browser tests: a fresh data folder and a free port on 127.0.0.1. The server runs at the
 * lowest CPU priority (`nice -n 19`) where `nice` exists, so its feed steps take no CPU from the emulated phone when both want it
 * (a member's phone and our servers are different machines); the figures of the same-run baseline show what is left.
 */
export async function startServer(): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
  const command = [process.execPath, '--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  const niced = spawnSync('nice', ['-n', '19', 'true']).status === 0;
  const [file, ...rest] = niced ? ['nice', '-n', '19', ...command] : command;
  const child = spawn(file as string, rest, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_INVITE_CODE: inviteCode,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${origin}/`, child);
    if (child.pid !== undefined) await waitForQuietServer(child.pid);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, inviteCode, stop };
}

/** What the app keeps in local storage for a signed-in member (SPEC §3 session values). */
export interface BenchSession {
  tokend: string;
  account: string;
  is_admin: string;
}

async function call<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { status: number; msg: string; data: T };
  if (json.status !== 1) throw new Error(`bench member: ${path} refused: ${json.msg}`);
  return json.data;
}

/** Registers a fresh member with the seeded invitation code and signs it in, through the same calls the app makes. */
export async function benchMember(server: BenchServer): Promise<BenchSession> {
  const account = `080${String(Date.now()).slice(-7)}`;
  const password = `Bench${randomBytes(4).toString('hex')}1`;
  await call(server.origin, 'user/register', {
    account,
    password,
    confirmPassword: password,
    inviteCode: server.inviteCode,
    agree: true,
  });
  const session = await call<{ token: string; account: string; is_admin: 0 | 1 }>(server.origin, 'user/login', {
    account,
    password,
    agree: true,
  });
  return { tokend: session.token, account: session.account, is_admin: String(session.is_admin) };
}
