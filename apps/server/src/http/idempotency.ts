import { createHash } from 'node:crypto';
import type { Database, Sql } from '@kabuto/db/database';
import type { Clock } from '../clock.ts';

export type IdempotentStart =
  | { kind: 'new' }
  | { kind: 'replay'; httpStatus: number; body: unknown }
  | { kind: 'reused' }
  | { kind: 'inProgress' }
  /**
   * Still in progress, but its first run is over: its holder process stopped beating (issue 24 §7), or (keys with no
   * holder, and the last resort) the lease ran out. `holder` is who held it when seen, for `reclaim`.
   */
  | { kind: 'stale'; holder: string | null };

export const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,128}$/;

// A key answers its first request's answer for a day, then is forgotten (the leader's job deletes it).
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000;
// No request runs this long (the client gives up after 10 s, SPEC §9): an older "in progress" lost its process.
export const idempotencyLeaseMs = 30_000;

/** Who runs this process's requests: its instance id, and how old a heartbeat makes another holder dead. */
export interface IdempotencyHolder {
  instance: string;
  deadAfterMs: number;
}

export const bodyHash = (path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${path}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * Issue 24 "twice the orders": a call whose key is stored by the transaction that does its work (`trade/place`, in
 * the orders' batch) instead of being claimed and answered in statements of their own. The route hands this to the
 * handler; the transaction stores `seal(data)` (the answer as sent) under the key with `storeAnswers`. No separate
 * claim is needed: the business row carries the key under a unique index, so of two calls with one key only one
 * writes, and a crash leaves either both the row and the answer or neither.
 */
export interface KeyInWrite {
  readonly memberId: string;
  readonly key: string;
  readonly path: string;
  readonly hash: string;
  /** The answer envelope for the handler's data, exactly as the route will send it. */
  seal(data: unknown): unknown;
}

/**
 * The transaction found the key already used (an answer stored under it, or its business row): it wrote nothing, and
 * the route answers as for any used key (the first answer, "in progress", or "key reused").
 */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key already used');
  }
}

export interface StoredAnswer {
  memberId: string;
  key: string;
  path: string;
  hash: string;
  httpStatus: number;
  body: unknown;
}

/**
 * Stores answers under their keys in one statement (inside the caller's transaction, or on its own for a refusal).
 * A key still live under another answer is left alone; an expired one is taken over. Returns how many were stored:
 * fewer than given means some key was taken.
 */
export async function storeAnswers(sql: Sql, answers: readonly StoredAnswer[], now: Date): Promise<number> {
  if (answers.length === 0) return 0;
  const rows = await sql.query(
    `INSERT INTO idempotency_keys AS k (member_id, key, path, body_hash, http_status, response, created_at, expires_at)
     SELECT a.member_id, a.key, a.path, a.body_hash, a.http_status, a.response, $7, $8
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::jsonb[])
         AS a(member_id, key, path, body_hash, http_status, response)
     ON CONFLICT (member_id, key) DO UPDATE
       SET path = EXCLUDED.path, body_hash = EXCLUDED.body_hash, http_status = EXCLUDED.http_status,
           response = EXCLUDED.response, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, holder = NULL
       WHERE k.expires_at <= EXCLUDED.created_at
     RETURNING key`,
    [
      answers.map((a) => a.memberId),
      answers.map((a) => a.key),
      answers.map((a) => a.path),
      answers.map((a) => a.hash),
      answers.map((a) => String(a.httpStatus)),
      answers.map((a) => JSON.stringify(a.body)),
      now,
      new Date(now.getTime() + idempotencyKeyLifetimeMs),
    ],
  );
  return rows.length;
}

/**
 * DESIGN "API conventions": a retry with the same Idempotency-Key gets the first answer; the same
 * key with another body is refused; of two simultaneous calls with one key only one runs. The
 * business row carries the key too (committed with the money), so a crash between commit and
 * reply is recovered from that row instead of answering "in progress" for ever.
 */
export function idempotencyStore(db: Database, clock: Clock, self: IdempotencyHolder) {
  return {
    async begin(memberId: string, key: string, path: string, hash: string): Promise<IdempotentStart> {
      const now = clock.now();
      // A new key is stored; an expired one is free again and taken over, as if new; a live one is left alone (no row
      // comes back). One statement: a money call pays per round trip.
      const inserted = await db.query(
        `INSERT INTO idempotency_keys AS k (member_id, key, path, body_hash, created_at, expires_at, holder) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (member_id, key) DO UPDATE
           SET path = EXCLUDED.path, body_hash = EXCLUDED.body_hash, http_status = NULL, response = NULL,
               created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, holder = EXCLUDED.holder
           WHERE k.expires_at <= EXCLUDED.created_at
         RETURNING key`,
        [memberId, key, path, hash, now, new Date(now.getTime() + idempotencyKeyLifetimeMs), self.instance],
      );
      if (inserted.length > 0) return { kind: 'new' };
      const [row] = await db.query<{
        path: string;
        body_hash: string;
        http_status: number | null;
        response: unknown;
        created_at: Date;
        holder: string | null;
        holder_beats: boolean;
      }>(
        // Only on this conflict path, in the statement it already makes: whether the holder still beats. Its beat is
        // compared with the database's now(), the clock it was written with (the app's Clock is this process's own).
        `SELECT k.path, k.body_hash, k.http_status, k.response, k.created_at, k.holder,
                EXISTS (SELECT 1 FROM process_heartbeats h
                         WHERE h.instance = k.holder AND h.beat_at > now() - make_interval(secs => $3)) AS holder_beats
           FROM idempotency_keys k WHERE k.member_id = $1 AND k.key = $2`,
        [memberId, key, self.deadAfterMs / 1000],
      );
      if (!row || row.path !== path || row.body_hash !== hash) return { kind: 'reused' };
      if (row.http_status === null) {
        // This process is alive, so its own keys are never judged by a heartbeat: only the lease can end them.
        const holderDied = row.holder !== null && row.holder !== self.instance && !row.holder_beats;
        const leaseOver = now.getTime() - new Date(row.created_at).getTime() > idempotencyLeaseMs;
        return holderDied || leaseOver ? { kind: 'stale', holder: row.holder } : { kind: 'inProgress' };
      }
      return {
        kind: 'replay',
        httpStatus: row.http_status,
        body: typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
      };
    },
    /**
     * Takes over a stale key whose first run left no business row: this request runs it now. Of several retries only
     * one wins: the holder must still be the one `begin` saw (the winner writes itself there), and a key this process
     * held must still be past its lease (the winner restarts it).
     */
    async reclaim(memberId: string, key: string, seenHolder: string | null): Promise<boolean> {
      const now = clock.now();
      const rows = await db.query(
        `UPDATE idempotency_keys SET created_at = $3, holder = $5
          WHERE member_id = $1 AND key = $2 AND http_status IS NULL AND holder IS NOT DISTINCT FROM $6
            AND (created_at < $4 OR holder IS DISTINCT FROM $5)
          RETURNING key`,
        [memberId, key, now, new Date(now.getTime() - idempotencyLeaseMs), self.instance, seenHolder],
      );
      return rows.length > 0;
    },
    async finish(memberId: string, key: string, httpStatus: number, body: unknown): Promise<void> {
      await db.query(
        `UPDATE idempotency_keys SET http_status = $3, response = $4::jsonb WHERE member_id = $1 AND key = $2`,
        [memberId, key, httpStatus, JSON.stringify(body)],
      );
    },
    /** A refusal of a key-in-write call (nothing written): stored unless the key is taken. True when stored. */
    async storeRefusal(a: StoredAnswer): Promise<boolean> {
      return (await storeAnswers(db, [a], clock.now())) === 1;
    },
    /** An unexpected failure had no effect worth replaying: the key may be used again. */
    async abandon(memberId: string, key: string): Promise<void> {
      await db.query(`DELETE FROM idempotency_keys WHERE member_id = $1 AND key = $2 AND http_status IS NULL`, [
        memberId,
        key,
      ]);
    },
  };
}
export type IdempotencyStore = ReturnType<typeof idempotencyStore>;

/** The leader's daily job: forget keys past their lifetime (the expiry index makes this cheap). */
export async function expireIdempotencyKeys(db: Sql, now: Date): Promise<number> {
  const rows = await db.query(`DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING key`, [now]);
  return rows.length;
}
