import { z } from 'zod';
import { defineCall } from '../call.ts';
import { staffRoleField } from '../fields.ts';
import { adminPolicies } from './policies.ts';

export const auditEntrySchema = z.object({
  id: z.string(),
  actorAccount: z.string(),
  actorRole: staffRoleField,
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  requestId: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogCall = defineCall({
  policy: adminPolicies.auditLog,
  path: 'admin/auditLog',
  summary: 'Staff: the append-only audit log, newest first',
  request: z.object({
    page: z.number().int().min(1).max(100000).default(1),
    pageSize: z.number().int().min(1).max(100).default(50),
    action: z.string().max(64).optional(),
  }),
  response: z.object({ items: z.array(auditEntrySchema), total: z.number().int() }),
});
