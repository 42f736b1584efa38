// The block-trade module's public surface (issue 25): other modules import only this file.
export { blockReviewKind } from './block-review.ts';
export { blockRoutes } from './block.routes.ts';
export { blockService } from './block.service.ts';
export { blockAllotmentsOf } from './block-rows.ts';
