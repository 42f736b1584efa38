import pg from 'pg';
import type { Database, Sql, SqlParam } from './database.ts';

// numeric stays a string (money is never a JS number); int8 as string too; timestamptz as Date.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface PostgresOptions {
  connectionString: string;
  /** Isolates tests: every connection uses this schema first. */
  searchPath?: string;
  max?: number;
}

export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle connection the server ends (a restart, an administrator's terminate) is dropped by the pool and replaced
  // on the next query. Without a listener its error event would end the whole process.
  pool.on('error', (err) => {
    process.stderr.write(`postgres: an idle pooled connection ended (${err.message}); the pool replaces it\n`);
  });
  const query: Sql['query'] = async <Row extends object>(text: string, params: readonly SqlParam[] = []) => {
    const res = await pool.query<Row>(text, params as unknown[]);
    return res.rows;
  };
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Sql = {
          async query<Row extends object>(text: string, params: readonly SqlParam[] = []) {
            const res = await client.query<Row>(text, params as unknown[]);
            return res.rows;
          },
        };
        const out = await fn(tx);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(script) {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}
