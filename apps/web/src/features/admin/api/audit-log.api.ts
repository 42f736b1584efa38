import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { auditLogCall } from '@kabuto/contracts/admin/audit-log';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const auditLogRef = callRef<typeof auditLogCall>('admin/auditLog');

export type AuditLogPage = ResponseOf<typeof auditLogCall>;

export function fetchAuditLog(query: RequestOf<typeof auditLogCall>, signal?: AbortSignal): Promise<AuditLogPage> {
  return api.call(auditLogRef, query, signal ? { signal } : {});
}

export const auditLogKey = (page: number, pageSize: number, action: string) =>
  [auditLogRef.path, page, pageSize, action] as const;
