import { mkdir } from 'node:fs/promises';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL set → PostgreSQL (scaled mode); otherwise PGlite in dataDir (embedded mode). */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres({ connectionString: opts.databaseUrl });
  await mkdir(opts.dataDir, { recursive: true });
  return openPglite(opts.dataDir);
}
