import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrate } from './migrate.ts';
import { dumpPglite, openPglite } from './pglite.ts';

// Vitest global setup: migrate one PGlite once per run and dump it; each test file starts a copy
// (about 0.4 s) instead of a fresh database (about 2.5 s) — DESIGN "Tests".
export async function setup(): Promise<() => Promise<void>> {
  const dir = join(process.cwd(), '.tmp');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  const db = await openPglite();
  await migrate(db);
  await writeFile(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  await db.close();
  process.env.KABUTO_PGLITE_TEMPLATE = file;
  return async () => {
    await rm(file, { force: true });
  };
}
