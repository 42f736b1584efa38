// One small interface over PGlite (embedded) and PostgreSQL (scaled): DESIGN "Runtime modes".
export type SqlParam = string | number | boolean | null | Date | Uint8Array | string[];

export interface Sql {
  query<Row extends object>(text: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
