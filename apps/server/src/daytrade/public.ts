// The day-trading module's public surface (issue 26): other modules import only this file.
export { dayTradeReviewKind } from './daytrade-review.ts';
export { dayTradeRoutes } from './daytrade.routes.ts';
export { dayTradeService } from './daytrade.service.ts';
export type { DayTradeService } from './daytrade.service.ts';
export { dayTradeCutOffJob, cutOffJobName } from './cut-off-job.ts';
