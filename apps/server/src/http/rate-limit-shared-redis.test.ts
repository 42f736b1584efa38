import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeScaled } from '../test/scaled.ts';
import { Redis } from 'ioredis';
import type { Database } from '@kabuto/db/database';
import { openPglite } from '@kabuto/db/pglite';
import { migrate } from '@kabuto/db/migrate';
import { errorKeys } from '@kabuto/contracts/errors';
import { buildApp, type KabutoApp } from '../app.ts';

// Scaled mode: two API processes share one sign-in limit through Redis (DESIGN "Runtime modes").

describeScaled('sign-in rate limit shared through Redis', (services) => {
  let db: Database;
  let redis: Redis;
  let apps: KabutoApp[] = [];
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    redis = new Redis(services().redisUrl);
    const limits = { signIn: { max: 4, timeWindowMs: 60_000 } };
    apps = [
      await buildApp({ db, redis, rateLimits: limits, uploadDir: join(tmpdir(), 'kabuto-unused-uploads') }),
      await buildApp({ db, redis, rateLimits: limits, uploadDir: join(tmpdir(), 'kabuto-unused-uploads') }),
    ];
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    redis.disconnect();
    await db.close();
  });

  it('refuses the fifth try from one address even when the tries alternate between processes', async () => {
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = apps[i % 2] as KabutoApp;
      const res = await target.app.inject({
        method: 'POST',
        url: '/api/vue/user/login',
        remoteAddress: ip,
        payload: { account: '0900000000', password: 'wrong1234', agree: true },
      });
      answers.push(res.statusCode);
      if (i === 4) expect(res.json()).toMatchObject({ status: 0, msg: errorKeys.process.tooFrequent });
    }
    expect(answers).toEqual([400, 400, 400, 400, 429]);
  });
});
