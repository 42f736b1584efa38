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

/** Embedded PostgreSQL. dataDir undefined = in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const sql = wrap(pg);
  return {
    kind: 'pglite',
    query: sql.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (script) => {
      await pg.exec(script);
    },
    close: () => pg.close(),
  };
}
