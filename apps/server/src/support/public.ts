// The support module's public surface (issue 27, online customer service): other modules import only this file.
export { supportRoutes } from './support.routes.ts';
export { supportService } from './support.service.ts';
export type { SupportService } from './support.service.ts';
