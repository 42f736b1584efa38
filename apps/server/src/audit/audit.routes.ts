import type { Database } from '@kabuto/db/database';
import { auditLogCall } from '@kabuto/contracts/admin/audit-log';
import { route, type Route } from '../http/public.ts';
import { listAudit } from './audit.service.ts';

export function auditRoutes(db: Database): Route[] {
  return [route({ call: auditLogCall, handler: ({ body }) => listAudit(db, body) })];
}
