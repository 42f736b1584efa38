import type { Database } from '@kabuto/db/database';
import { auditLogCall } from '@kabuto/contracts/admin/audit-log';
import { staffPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import { listAudit } from './audit.service.ts';

export function auditRoutes(db: Database): Route[] {
  return [route({ call: auditLogCall, policy: staffPolicy('admin', 'auditor'), handler: ({ body }) => listAudit(db, body) })];
}
