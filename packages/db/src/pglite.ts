import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql, SqlParam } from './database.ts';

function wrap(q: { query: PGlite['query'] }): Sql {
  return {
    async query<Row extends object>(text: string, params: readonly SqlParam[] = []) {
      const res = await q.query<Row>(text, params as unknown[]);
      return res.rows;
    },
  };
}

/** Embedded PostgreSQL. dataDir undefined = in memory (tests); `from` starts it from a dumped data folder. */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create(from ? { loadDataDir: from } : {});
  return wrapPglite(pg);
}

/** A tarball of an in-memory database, to start copies of it quickly (tests migrate once, copy per file). */
export async function dumpPglite(db: Database): Promise<Blob> {
  const pg = instances.get(db);
  if (!pg) throw new Error('not a PGlite database');
  return pg.dumpDataDir('none');
}

const instances = new WeakMap<Database, PGlite>();

function wrapPglite(pg: PGlite): Database {
  const sql = wrap(pg);
  const db: Database = {
    kind: 'pglite',
    query: sql.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (script) => {
      await pg.exec(script);
    },
    close: () => pg.close(),
  };
  instances.set(db, pg);
  return db;
}
