import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '@kabuto/db/database';
import { openTestDatabase, testDatabaseKinds } from '@kabuto/db/test-databases';
import { buildApp, type KabutoApp, type PressureLimits } from '../app.ts';
import type { StreamLimits } from '../stream/stream.server.ts';
import type { MarketOptions } from '../market/market-module.ts';
import type { RateLimits } from '../http/register-routes.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import { seedOnce, type SeedResult } from '../seed.ts';
import { staffTwoFactor } from './staff-two-factor.ts';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-11-20T01:00:00Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Keeps every SMS so a test can read the code a member would receive. */
export class MemorySms implements SmsSender {
  readonly name = 'memory';
  readonly sent: { to: string; text: string }[] = [];
  async send(to: string, text: string): Promise<void> {
    this.sent.push({ to, text });
  }
  lastCodeFor(to: string): string {
    const msg = [...this.sent].reverse().find((m) => m.to === to);
    const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  }
}

export interface Answer<T = unknown> {
  http: number;
  status: 0 | 1;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface Harness {
  kind: Database['kind'];
  db: Database;
  app: KabutoApp['app'];
  routes: KabutoApp['routes'];
  platform: KabutoApp['platform'];
  clock: TestClock;
  sms: MemorySms;
  seed: SeedResult & { staffPassword: string };
  call<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  /** Registers (with the seeded code) and signs in a new member; returns the headers to send. */
  member(
    account?: string,
    password?: string,
  ): Promise<{ account: string; password: string; headers: Record<string, string> }>;
  /**
   * Signs in and returns the headers to send. Issue 27: a staff account is enrolled in two-step sign-in at its first
   * sign-in (staff calls need it), then signs in with a code computed from its secret (`staffCodes`); while its last
   * session is open, that session is given again (a code is accepted once, and the test clock rarely moves).
   */
  signIn(account: string, password: string): Promise<Record<string, string>>;
  /** The TOTP codes of the staff accounts `signIn` enrolled. */
  staffCodes: ReturnType<typeof staffTwoFactor>;
}

let accountCounter = 0;
export const nextAccount = (): string =>
  `08${String(process.pid % 1000).padStart(3, '0')}${String(++accountCounter).padStart(5, '0')}`;

export interface HarnessOptions {
  rateLimits?: Partial<RateLimits>;
  marketProfile?: 'demo' | 'tse';
  /** Four eyes from this many yen (the app's default otherwise). */
  fourEyesThresholdJpy?: string;
  streamLimits?: Partial<StreamLimits>;
  /** Market feed options; by default the feed only moves when a test steps it, and history fills on demand. */
  market?: Partial<MarketOptions>;
  /** How often the outbox relay and jobs look on their own (200 ms by default; a long one proves nudges). */
  platformIntervalMs?: number;
  /**
   * Load-shedding limits. Off unless a test sets them: test files share two cores, and a worker starved of CPU for a
   * second would shed a test's own requests.
   */
  pressure?: Partial<PressureLimits>;
}

const generous: RateLimits = {
  signIn: { max: 10_000, timeWindowMs: 60_000 },
  register: { max: 10_000, timeWindowMs: 60_000 },
  resetCode: { max: 10_000, timeWindowMs: 60_000 },
  supportVisitor: { max: 10_000, timeWindowMs: 60_000 },
};

/** DESIGN "Tests": every API test runs on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too. */
export function describeEachDatabase(
  title: string,
  body: (h: () => Harness) => void,
  options: HarnessOptions = {},
): void {
  const kinds = testDatabaseKinds();
  for (const kind of kinds) {
    describe(`${title} [${kind}]`, () => {
      let harness: Harness | undefined;
      let drop: (() => Promise<void>) | undefined;
      const cleanupDirs: string[] = [];
      beforeAll(async () => {
        const opened = await openTestDatabase(kind);
        drop = opened.drop;
        const db = opened.db;
        const staffPassword = `Staff${randomBytes(6).toString('hex')}9`;
        const clock = new TestClock();
        const seed = await seedOnce(db, { staffPassword, now: clock.now() });
        const sms = new MemorySms();
        const uploadDir = await mkdtemp(join(tmpdir(), 'kabuto-uploads-'));
        cleanupDirs.push(uploadDir);
        const built = await buildApp({
          db,
          clock,
          sms,
          uploadDir,
          marketProfile: options.marketProfile ?? 'demo',
          rateLimits: { ...generous, ...options.rateLimits },
          ...(options.fourEyesThresholdJpy ? { fourEyesThresholdJpy: options.fourEyesThresholdJpy } : {}),
          ...(options.streamLimits ? { streamLimits: options.streamLimits } : {}),
          market: { feedIntervalMs: null, backfill: 'onDemand', ...options.market },
          pressure: { maxEventLoopDelayMs: 0, ...options.pressure },
          platformIntervalMs: options.platformIntervalMs ?? 200,
        });
        await built.app.ready();
        const call = async <T>(
          path: string,
          payload: unknown = {},
          headers: Record<string, string> = {},
        ): Promise<Answer<T>> => {
          const res = await built.app.inject({
            method: 'POST',
            url: `/api/vue/${path}`,
            headers: { 'content-type': 'application/json', ...headers },
            payload: JSON.stringify(payload),
          });
          const json = res.json() as { status: 0 | 1; msg: string; data: T };
          return { http: res.statusCode, status: json.status, msg: json.msg, data: json.data, headers: res.headers };
        };
        const staffCodes = staffTwoFactor(call, clock, db);
        const signIn = async (account: string, password: string) => {
          const open = await staffCodes.openSession(account);
          if (open) return open;
          const res = await call<{ token: string; role: string | null } | { challenge: string }>('user/login', {
            account,
            password,
            agree: true,
          });
          if (res.status !== 1) throw new Error(`sign-in failed for ${account}: ${res.msg}`);
          if ('challenge' in res.data) return staffCodes.secondStep(account, res.data.challenge);
          const headers = { token: res.data.token, account };
          if (res.data.role) {
            await staffCodes.enrol(headers);
            staffCodes.remember(account, headers.token);
          }
          return headers;
        };
        harness = {
          kind,
          db,
          app: built.app,
          routes: built.routes,
          platform: built.platform,
          clock,
          sms,
          seed: { ...seed, staffPassword },
          call,
          signIn,
          staffCodes,
          async member(account = nextAccount(), password = 'abcd1234') {
            const reg = await call('user/register', {
              account,
              password,
              confirmPassword: password,
              inviteCode: seed.inviteCode,
              agree: true,
            });
            if (reg.status !== 1) throw new Error(`register failed for ${account}: ${reg.msg}`);
            return { account, password, headers: await signIn(account, password) };
          },
        };
      });
      afterAll(async () => {
        await harness?.app.close();
        await drop?.();
        for (const dir of cleanupDirs) await rm(dir, { recursive: true, force: true });
      });
      body(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      });
    });
  }
}
