// The staff module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { staffAdminRoutes } from './staff-admin.routes.ts';
export { staffAdminService } from './staff-admin.service.ts';
