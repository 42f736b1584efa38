// The audit module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { auditRoutes } from './audit.routes.ts';
export { recordAudit } from './audit.service.ts';
