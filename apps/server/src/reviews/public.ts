// The reviews module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { bigintIdPattern, lockMoneyApplication, uuidPattern } from './review-kind.ts';
export type { ReviewKind } from './review-kind.ts';
export { reviewRoutes } from './reviews.routes.ts';
export { defaultFourEyesThresholdJpy, reviewsService } from './reviews.service.ts';
export type { ApprovalState, ReviewsService } from './reviews.service.ts';
