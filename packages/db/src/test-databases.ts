import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * Tests only: the databases every test runs on — PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set. CI sets TEST_DATABASE_REQUIRED=1, so a run that lost its PostgreSQL half fails instead of passing.
 */
export function testDatabaseKinds(env: NodeJS.ProcessEnv = process.env): Database['kind'][] {
  if (env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (env.TEST_DATABASE_REQUIRED === '1')
    throw new Error(
      'TEST_DATABASE_REQUIRED=1 but TEST_DATABASE_URL is not set: the PostgreSQL run of the suite would be lost',
    );
  return ['pglite'];
}

/** A migrated, empty database; PostgreSQL gets a fresh schema that `drop` removes. */
export async function openTestDatabase(kind: Database['kind']): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    // Copy the migrated template made once per run (pglite-template.setup.ts); without it, build from scratch.
    const template = process.env.KABUTO_PGLITE_TEMPLATE;
    const db =
      template && existsSync(template)
        ? await openPglite(undefined, new Blob([await readFile(template)]))
        : await openPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPostgres({ connectionString: url, searchPath: schema, max: 20 });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
