import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis channels and keys, so deployments sharing one Redis never hear each other. */
  redisNamespace: string;
  marketProfile: 'demo' | 'tse';
  dataDir: string;
  logLevel: string;
  /** Per-IP attempts per minute; operators tune them, the browser tests raise them. */
  signInPerMinute: number;
  registerPerMinute: number;
  /** Open stream sockets one address may hold (visitors need no sign-in, so the address is what is counted). */
  streamSocketsPerAddress: number;
  /** Four eyes: deposits and withdrawals of at least this many yen need two different approvers. */
  fourEyesThresholdJpy: string;
  /** Milliseconds between moves of the simulated market. */
  marketFeedIntervalMs: number;
  /** `background`: the leader back-fills every chart on first start; `ondemand`: each chart when first asked for. */
  marketBackfill: 'background' | 'ondemand';
  /** A recording (JSON lines of ticks) to replay instead of simulating; prices are then labelled `replay`. */
  marketReplayFile: string | undefined;
  /** 1 replays at the recorded pace, 60 a minute per second. */
  marketReplaySpeed: number;
}

/** REDIS_NAMESPACE, else the database's name (one deployment = one database), else `kabuto`. */
function redisNamespaceOf(env: NodeJS.ProcessEnv): string {
  if (env.REDIS_NAMESPACE) return env.REDIS_NAMESPACE;
  if (env.DATABASE_URL) {
    const name = decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1));
    if (name !== '') return name;
  }
  return 'kabuto';
}

function positiveWhole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return n;
}

function yen(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new Error(`${name} must be a whole number of yen, got ${raw}`);
  return raw;
}

function backfill(raw: string | undefined): 'background' | 'ondemand' {
  if (raw === undefined || raw === '') return 'background';
  if (raw !== 'background' && raw !== 'ondemand')
    throw new Error(`MARKET_BACKFILL must be background or ondemand, got ${raw}`);
  return raw;
}

/** README "Settings": every environment variable the server reads. */
export function readConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const profile = env.MARKET_PROFILE ?? 'demo';
  if (profile !== 'demo' && profile !== 'tse') throw new Error(`MARKET_PROFILE must be demo or tse, got ${profile}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisNamespace: redisNamespaceOf(env),
    marketProfile: profile,
    dataDir: resolve(cwd, env.DATA_DIR ?? './data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    signInPerMinute: positiveWhole(env, 'SIGN_IN_LIMIT_PER_MINUTE', 10),
    registerPerMinute: positiveWhole(env, 'REGISTER_LIMIT_PER_MINUTE', 5),
    streamSocketsPerAddress: positiveWhole(env, 'STREAM_SOCKETS_PER_ADDRESS', 20),
    fourEyesThresholdJpy: yen(env, 'FOUR_EYES_THRESHOLD_JPY', '1000000'),
    marketFeedIntervalMs: positiveWhole(env, 'MARKET_FEED_INTERVAL_MS', 1000),
    marketBackfill: backfill(env.MARKET_BACKFILL),
    marketReplayFile: env.MARKET_REPLAY_FILE ? resolve(cwd, env.MARKET_REPLAY_FILE) : undefined,
    marketReplaySpeed: positiveWhole(env, 'MARKET_REPLAY_SPEED', 1),
  };
}
