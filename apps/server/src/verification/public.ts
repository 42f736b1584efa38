// The verification module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { realNameReviewKind } from './real-name-review.ts';
export { realNameRoutes } from './real-name.routes.ts';
export { realNameService } from './real-name.service.ts';
