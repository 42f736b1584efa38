import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Applies every migrations/*.sql not yet applied, in name order, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  if (db.kind === 'postgres') return migratePostgres(db, files);
  for (const file of files) {
    if (done.has(file)) continue;
    const script = await readFile(migrationsDir + file, 'utf8');
    await db.exec(
      `BEGIN;\n${script}\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
    );
    applied.push(file);
  }
  return applied;
}

// Any constant: the lock that lets one process migrate while the others wait (scaled mode starts N at once).
const migrationLockKey = 7205759403792794;

/** PostgreSQL: every pending migration in one transaction under an advisory lock, re-checked after the wait. */
async function migratePostgres(db: Database, files: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      // Without parameters the driver sends the script as one simple query, so it may hold many statements.
      await tx.query(await readFile(migrationsDir + file, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
