import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import { auditLogCall } from '@kabuto/contracts/admin/audit-log';
import { api } from '../../../shared/api/api.ts';

export type AuditLogPage = ResponseOf<typeof auditLogCall>;

export function fetchAuditLog(query: RequestOf<typeof auditLogCall>, signal?: AbortSignal): Promise<AuditLogPage> {
  return api.call(auditLogCall, query, signal ? { signal } : {});
}

export const auditLogKey = (page: number, pageSize: number, action: string) => [auditLogCall.path, page, pageSize, action] as const;
