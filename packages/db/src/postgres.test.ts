import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './postgres.ts';
import { testDatabaseKinds } from './test-databases.ts';

// An idle pooled connection that the server ends (a PostgreSQL restart, an administrator's pg_terminate_backend, a
// DROP DATABASE … WITH (FORCE)) made the pool emit an unhandled 'error' event, which ends the Node process: the
// order placement bench died this way. The pool now drops that connection and the next query opens another.
const url = process.env.TEST_DATABASE_URL;

// PostgreSQL only (PGlite has no pool). testDatabaseKinds throws when CI requires PostgreSQL and has none; without it
// (a fresh clone) the suite is still defined, reported as skipped with its reason, so the file is never empty.
const hasPostgres = testDatabaseKinds().includes('postgres');
describe.skipIf(!hasPostgres)(
  hasPostgres ? 'the PostgreSQL pool [postgres]' : 'the PostgreSQL pool [skipped: TEST_DATABASE_URL not set]',
  () => {
    it('survives the server ending an idle connection, and the next query works', async () => {
      const db = await openPostgres({ connectionString: url as string, max: 1 });
      const [before] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [before?.pid]);
      await admin.end();
      // Give the pool the moment it takes to read the termination notice from the idle socket.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [after] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(after?.pid).not.toBe(before?.pid);
      await db.close();
    });
  },
);
