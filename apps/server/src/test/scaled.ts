import { describe, it } from 'vitest';

export interface ScaledServices {
  databaseUrl: string;
  redisUrl: string;
}

/**
 * Scaled-mode tests need a real PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL). Without
 * them they are not registered — unless SCALED_TESTS_REQUIRED=1 (CI), where their absence is a
 * failing test, so a run cannot quietly lose them. The one place such a condition lives.
 */
export function describeScaled(title: string, body: (services: () => ScaledServices) => void): void {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (databaseUrl && redisUrl) {
    describe(`${title} [postgres+redis]`, () => body(() => ({ databaseUrl, redisUrl })));
    return;
  }
  if (process.env.SCALED_TESTS_REQUIRED === '1') {
    describe(title, () => {
      it('has PostgreSQL and Redis to run on', () => {
        throw new Error('SCALED_TESTS_REQUIRED=1 but TEST_DATABASE_URL and TEST_REDIS_URL are not both set');
      });
    });
    return;
  }
  // Reported as skipped (not hidden) on a machine without them; the one conditional skip, allowed by lint here only.
  describe.skipIf(true)(`${title} [needs TEST_DATABASE_URL and TEST_REDIS_URL]`, () =>
    body(() => ({ databaseUrl: '', redisUrl: '' })),
  );
}
