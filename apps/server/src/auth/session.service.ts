import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@kabuto/db/database';
import type { StaffRole } from '@kabuto/contracts/fields';
import type { Principal } from '../http/public.ts';

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

export async function resolveSession(sql: Sql, token: string, now: Date): Promise<Principal | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ member_id: string; account: string; staff_role: StaffRole | null }>(
    `SELECT s.member_id, m.account, m.staff_role FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now],
  );
  return row ? { memberId: row.member_id, account: row.account, role: row.staff_role, tokenHash } : null;
}

export async function endSession(sql: Sql, tokenHash: string, now: Date): Promise<void> {
  await sql.query(`UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL`, [tokenHash, now]);
}

export async function endAllSessions(sql: Sql, memberId: string, now: Date): Promise<void> {
  await sql.query(`UPDATE sessions SET ended_at = $2 WHERE member_id = $1 AND ended_at IS NULL`, [memberId, now]);
}
