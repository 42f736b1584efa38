// The copy-trading module's public surface (issue 26): other modules import only this file.
export { copyEngine } from './copy-engine.ts';
export type { CopyEngine } from './copy-engine.ts';
export { copyRoutes } from './copy.routes.ts';
export { copyService } from './copy.service.ts';
export { reconcileFollows } from './copy-books.ts';
