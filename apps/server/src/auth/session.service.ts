import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@kabuto/db/database';
import type { StaffRole } from '@kabuto/contracts/fields';
import type { Principal } from '../http/public.ts';
import { writeOutbox } from '../platform/public.ts';

// Sessions: 256-bit random tokens, stored only as SHA-256 hashes.
export const sessionHours = { normal: 12, remembered: 24 * 30 } as const;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  sql: Sql,
  memberId: string,
  remember: boolean,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const hours = remember ? sessionHours.remembered : sessionHours.normal;
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  await sql.query(
    `INSERT INTO sessions (token_hash, member_id, remember, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), memberId, remember, now, expiresAt],
  );
  return { token, expiresAt };
}

/** A session's member, with the instant it ends (a stream socket lives no longer). */
export type SessionPrincipal = Principal & { readonly expiresAt: Date };

export async function resolveSession(sql: Sql, token: string, now: Date): Promise<SessionPrincipal | null> {
  if (token.length < 20 || token.length > 100) return null;
  return resolveSessionByHash(sql, hashToken(token), now);
}

/** Issue 25: disabling a staff account ends its sessions; one a sign-in racing the disabling created is refused here. */
export async function resolveSessionByHash(sql: Sql, tokenHash: string, now: Date): Promise<SessionPrincipal | null> {
  const [row] = await sql.query<{ member_id: string; account: string; staff_role: StaffRole | null; expires_at: Date }>(
    `SELECT s.member_id, m.account, m.staff_role, s.expires_at FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND m.staff_disabled_at IS NULL`,
    [tokenHash, now],
  );
  return row
    ? {
        memberId: row.member_id,
        account: row.account,
        role: row.staff_role,
        tokenHash,
        expiresAt: new Date(row.expires_at),
      }
    : null;
}

/**
 * Issue 17 §1: ending sessions is announced through the outbox, in the same transaction, so every process closes
 * the sockets signed in with them — even if this one dies right after the commit. `tokenHash` null: every session.
 */
async function announceEnded(sql: Sql, memberId: string, tokenHash: string | null, now: Date): Promise<void> {
  await writeOutbox(sql, { topic: 'member', memberId, type: 'session.ended', payload: { tokenHash } }, now);
}

/** Ends one session (sign-out). Run it inside a transaction: the row and its announcement commit together. */
export async function endSession(sql: Sql, p: { memberId: string; tokenHash: string }, now: Date): Promise<void> {
  const ended = await sql.query(
    `UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL RETURNING token_hash`,
    [p.tokenHash, now],
  );
  if (ended.length > 0) await announceEnded(sql, p.memberId, p.tokenHash, now);
}

/** Ends every session of the member (password change or reset, a restriction that bars sign-in). */
export async function endAllSessions(sql: Sql, memberId: string, now: Date): Promise<void> {
  const ended = await sql.query(
    `UPDATE sessions SET ended_at = $2 WHERE member_id = $1 AND ended_at IS NULL RETURNING token_hash`,
    [memberId, now],
  );
  if (ended.length > 0) await announceEnded(sql, memberId, null, now);
}
