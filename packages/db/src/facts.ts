import type { Sql, SqlParam } from './database.ts';

/**
 * What a module reads before a write, as one JSON value from one SELECT of its own tables (its SQL stays in the
 * module). `readFacts` sends several modules' facts in one statement: inside a batch's transaction each round trip to
 * the database is what a statement costs (issue 24 "twice the orders").
 */
export interface Fact<T> {
  /** A SELECT of one row and one column (a JSON value), placeholders numbered from $1. */
  readonly sql: string;
  readonly params: readonly SqlParam[];
  read(json: unknown): T;
}

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** One fact on its own. */
export async function readFact<T>(sql: Sql, fact: Fact<T>): Promise<T> {
  const [row] = await sql.query<{ v: unknown }>(`SELECT (${fact.sql}) AS v`, [...fact.params]);
  return fact.read(parsed(row?.v));
}

/** Two modules' facts in one round trip: each fact's placeholders are renumbered after the one before it. */
export async function readFacts<A, B>(sql: Sql, a: Fact<A>, b: Fact<B>): Promise<[A, B]> {
  const shifted = b.sql.replace(/\$(\d+)/g, (_, n: string) => `$${String(Number(n) + a.params.length)}`);
  const [row] = await sql.query<{ a: unknown; b: unknown }>(`SELECT (${a.sql}) AS a, (${shifted}) AS b`, [
    ...a.params,
    ...b.params,
  ]);
  return [a.read(parsed(row?.a)), b.read(parsed(row?.b))];
}
