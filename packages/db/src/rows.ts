import type { Sql, SqlParam } from './database.ts';

/** The query's single row; a missing row is a bug in the caller's assumptions, not a refusal. */
export async function one<Row extends object>(sql: Sql, text: string, params: readonly SqlParam[] = []): Promise<Row> {
  const [row] = await sql.query<Row>(text, params);
  if (!row) throw new Error(`expected one row from: ${text.replace(/\s+/g, ' ').slice(0, 80)}`);
  return row;
}

/** The query's first row, or null. */
export async function maybeOne<Row extends object>(
  sql: Sql,
  text: string,
  params: readonly SqlParam[] = [],
): Promise<Row | null> {
  const [row] = await sql.query<Row>(text, params);
  return row ?? null;
}
