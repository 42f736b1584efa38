import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('server settings from the environment', () => {
  it('defaults to port 8080 on 127.0.0.1, PGlite in ./data, demo market, in-process state', () => {
    expect(readConfig({}, '/srv/kabuto')).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      redisNamespace: 'kabuto',
      marketProfile: 'demo',
      dataDir: '/srv/kabuto/data',
      logLevel: 'info',
      signInPerMinute: 10,
      registerPerMinute: 5,
      streamSocketsPerAddress: 20,
      fourEyesThresholdJpy: '1000000',
      marketFeedIntervalMs: 1000,
      marketBackfill: 'background',
      marketReplayFile: undefined,
      marketReplaySpeed: 1,
    });
  });

  it('reads every variable', () => {
    const env = {
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db/kabuto',
      REDIS_URL: 'redis://r:6379',
      MARKET_PROFILE: 'tse',
      DATA_DIR: '/var/lib/kabuto',
      LOG_LEVEL: 'warn',
      SIGN_IN_LIMIT_PER_MINUTE: '30',
      REGISTER_LIMIT_PER_MINUTE: '7',
      STREAM_SOCKETS_PER_ADDRESS: '50',
      FOUR_EYES_THRESHOLD_JPY: '500000',
      MARKET_FEED_INTERVAL_MS: '250',
      MARKET_BACKFILL: 'ondemand',
      MARKET_REPLAY_FILE: 'ticks.jsonl',
      MARKET_REPLAY_SPEED: '60',
    };
    expect(readConfig(env, '/srv/kabuto')).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db/kabuto',
      redisUrl: 'redis://r:6379',
      redisNamespace: 'kabuto',
      marketProfile: 'tse',
      dataDir: '/var/lib/kabuto',
      logLevel: 'warn',
      signInPerMinute: 30,
      registerPerMinute: 7,
      streamSocketsPerAddress: 50,
      fourEyesThresholdJpy: '500000',
      marketFeedIntervalMs: 250,
      marketBackfill: 'ondemand',
      marketReplayFile: '/srv/kabuto/ticks.jsonl',
      marketReplaySpeed: 60,
    });
  });

  it('keeps deployments on one Redis apart: by REDIS_NAMESPACE, else by database name', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db:5432/kabuto_staging' }).redisNamespace).toBe('kabuto_staging');
    expect(
      readConfig({ DATABASE_URL: 'postgres://db:5432/kabuto_staging', REDIS_NAMESPACE: 'blue' }).redisNamespace,
    ).toBe('blue');
    expect(readConfig({ DATABASE_URL: 'postgres://db:5432' }).redisNamespace).toBe('kabuto');
  });

  it('treats empty DATABASE_URL and REDIS_URL as unset', () => {
    expect(readConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it.each(['abc', '-1', '65536', '80.5'])('refuses PORT=%s', (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(/PORT must be a port number/);
  });

  it.each(['0', 'ten', '2.5'])('refuses SIGN_IN_LIMIT_PER_MINUTE=%s', (n) => {
    expect(() => readConfig({ SIGN_IN_LIMIT_PER_MINUTE: n })).toThrow(/positive whole number/);
  });

  it.each(['0', '1e6', '-5', '10000.5'])('refuses FOUR_EYES_THRESHOLD_JPY=%s', (n) => {
    expect(() => readConfig({ FOUR_EYES_THRESHOLD_JPY: n })).toThrow(/whole number of yen/);
  });

  it('refuses an unknown MARKET_PROFILE', () => {
    expect(() => readConfig({ MARKET_PROFILE: 'nyse' })).toThrow(/MARKET_PROFILE must be demo or tse/);
  });

  it('refuses an unknown MARKET_BACKFILL and a feed interval that is not a positive whole number', () => {
    expect(() => readConfig({ MARKET_BACKFILL: 'never' })).toThrow(/MARKET_BACKFILL must be background or ondemand/);
    expect(() => readConfig({ MARKET_FEED_INTERVAL_MS: '0' })).toThrow(/positive whole number/);
  });
});
