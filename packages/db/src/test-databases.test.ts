import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from './test-databases.ts';

describe('which databases the suite runs on', () => {
  it('adds PostgreSQL when TEST_DATABASE_URL is set', () => {
    expect(testDatabaseKinds({ TEST_DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toEqual(['pglite', 'postgres']);
    expect(testDatabaseKinds({})).toEqual(['pglite']);
  });

  it('fails when the PostgreSQL run is required but has no database', () => {
    expect(() => testDatabaseKinds({ TEST_DATABASE_REQUIRED: '1' })).toThrow(/TEST_DATABASE_URL is not set/);
  });
});
