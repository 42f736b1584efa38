// PostgreSQL SQLSTATEs the services turn into refusals; pg and PGlite both expose `code` and `constraint`.
const sqlState = { unique: '23505', check: '23514' } as const;

function violation(err: unknown, code: string, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== code) return false;
  // Some drivers leave `constraint` empty; the name is then in the message.
  return constraint === undefined || String(e.constraint ?? e.message).includes(constraint);
}

/** A unique index refused the row (optionally: this index). */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  violation(err, sqlState.unique, constraint);

/** A CHECK constraint refused the row (optionally: this constraint). */
export const isCheckViolation = (err: unknown, constraint?: string): boolean =>
  violation(err, sqlState.check, constraint);

/**
 * PostgreSQL answered a statement with an ERROR (not FATAL: the connection still stands): the transaction it ran in
 * is rolled back, a COMMIT that failed included. A lost connection has no such answer, and a COMMIT sent just before
 * it may or may not have been applied.
 */
export const isStatementError = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { severity?: unknown }).severity === 'ERROR' &&
  typeof (err as { code?: unknown }).code === 'string';
