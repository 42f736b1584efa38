import { createHash } from 'node:crypto';
import type { Database } from '@kabuto/db/database';
import type { Clock } from '../clock.ts';

export type IdempotentStart =
  | { kind: 'new' }
  | { kind: 'replay'; httpStatus: number; body: unknown }
  | { kind: 'reused' }
  | { kind: 'inProgress' };

export const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,128}$/;

export const bodyHash = (path: string, body: unknown): string => createHash('sha256').update(`${path}\n${JSON.stringify(body)}`).digest('hex');

/**
 * DESIGN "API conventions": a retry with the same Idempotency-Key gets the first answer; the same
 * key with another body is refused; of two simultaneous calls with one key only one runs.
 */
export function idempotencyStore(db: Database, clock: Clock) {
  return {
    async begin(memberId: string, key: string, path: string, hash: string): Promise<IdempotentStart> {
      const inserted = await db.query(
        `INSERT INTO idempotency_keys (member_id, key, path, body_hash, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING key`,
        [memberId, key, path, hash, clock.now()],
      );
      if (inserted.length > 0) return { kind: 'new' };
      const [row] = await db.query<{ path: string; body_hash: string; http_status: number | null; response: unknown }>(
        `SELECT path, body_hash, http_status, response FROM idempotency_keys WHERE member_id = $1 AND key = $2`,
        [memberId, key],
      );
      if (!row || row.path !== path || row.body_hash !== hash) return { kind: 'reused' };
      if (row.http_status === null) return { kind: 'inProgress' };
      return { kind: 'replay', httpStatus: row.http_status, body: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
    },
    async finish(memberId: string, key: string, httpStatus: number, body: unknown): Promise<void> {
      await db.query(`UPDATE idempotency_keys SET http_status = $3, response = $4::jsonb WHERE member_id = $1 AND key = $2`, [memberId, key, httpStatus, JSON.stringify(body)]);
    },
    /** An unexpected failure had no effect worth replaying: the key may be used again. */
    async abandon(memberId: string, key: string): Promise<void> {
      await db.query(`DELETE FROM idempotency_keys WHERE member_id = $1 AND key = $2 AND http_status IS NULL`, [memberId, key]);
    },
  };
}
export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
