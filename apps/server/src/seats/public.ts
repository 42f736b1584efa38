// The seat-account module's public surface (issue 25): other modules import only this file.
export { seatReviewKind } from './seat-review.ts';
export { seatRoutes } from './seat.routes.ts';
export { hasSeat, seatService } from './seat.service.ts';
