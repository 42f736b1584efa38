// The funds module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { depositReviewKind } from './deposit-review.ts';
export { depositService } from './deposit.service.ts';
export { exchangeService } from './exchange.service.ts';
export { fundReviewQueries } from './fund-reviews.service.ts';
export { fundRoutes } from './funds.routes.ts';
export { orderNumberSql, orderNumberStem, orderSerialSql } from './order-number.ts';
export { balancesWire, memberBalances, memberTimeline, recordsService } from './records.service.ts';
export { withdrawalReviewKind } from './withdrawal-review.ts';
export { withdrawalService } from './withdrawal.service.ts';
