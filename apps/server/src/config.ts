import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  marketProfile: 'demo' | 'tse';
  dataDir: string;
  logLevel: string;
}

/** README "Settings": every environment variable the server reads. */
export function readConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const profile = env.MARKET_PROFILE ?? 'demo';
  if (profile !== 'demo' && profile !== 'tse') throw new Error(`MARKET_PROFILE must be demo or tse, got ${profile}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    marketProfile: profile,
    dataDir: resolve(cwd, env.DATA_DIR ?? './data'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
