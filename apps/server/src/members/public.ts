// The members module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { memberAdminRoutes } from './member-admin.routes.ts';
export { memberAdminService } from './member-admin.service.ts';
