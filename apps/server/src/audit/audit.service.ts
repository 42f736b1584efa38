import type { Sql } from '@kabuto/db/database';
import type { StaffRole } from '@kabuto/contracts/fields';
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import type { AuditAction } from '@kabuto/contracts/admin/audit-actions';

export interface AuditRecord {
  actorId: string;
  actorRole: StaffRole;
  action: AuditAction;
  target?: string;
  reason?: string;
  requestId: string;
}

/** Appends one entry; call it inside the transaction of the action it records. */
export async function recordAudit(sql: Sql, r: AuditRecord, at: Date): Promise<void> {
  await sql.query(
    `INSERT INTO audit_log (actor_id, actor_role, action, target, reason, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.actorId, r.actorRole, r.action, r.target ?? '', r.reason ?? '', r.requestId, at],
  );
}

export async function listAudit(
  sql: Sql,
  q: { page: number; pageSize: number; action?: string | undefined },
): Promise<{ items: AuditEntry[]; total: number }> {
  const filter = q.action ? 'WHERE a.action = $1' : '';
  const params = q.action ? [q.action] : [];
  const [count] = await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log a ${filter}`, params);
  const rows = await sql.query<{
    id: string;
    actor_account: string;
    actor_role: StaffRole;
    action: string;
    target: string;
    reason: string;
    request_id: string;
    created_at: Date;
  }>(
    `SELECT a.id::text AS id, m.account AS actor_account, a.actor_role, a.action, a.target, a.reason, a.request_id, a.created_at
       FROM audit_log a JOIN members m ON m.id = a.actor_id ${filter}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    params,
  );
  return {
    total: Number(count?.n ?? '0'),
    items: rows.map((r) => ({
      id: r.id,
      actorAccount: r.actor_account,
      actorRole: r.actor_role,
      action: r.action,
      target: r.target,
      reason: r.reason,
      requestId: r.request_id,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
