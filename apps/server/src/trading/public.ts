// The trading module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { financingJob } from './financing-job.ts';
export { tradeRoutes } from './trade.routes.ts';
export { tradeService } from './trade.service.ts';
export type { TradeService } from './trade.service.ts';
export { tradeSettingsService } from './trade-settings.service.ts';
export { triggerEngine } from './trigger-engine.ts';
export type { PriceWatcher, TriggerEngine } from './trigger-engine.ts';
export { TriggerIndex } from './trigger-index.ts';
export { tradingReads } from './trading-reads.ts';
export { lockSaleUntil, openAllotment } from './allotment.ts';
export { closeOpenPositions } from './batch-close.ts';
export type { BatchCloseOutcome } from './batch-close.ts';
export type { DayTradeGuard } from './order-writer.ts';
export { closeCopyPositions, copyTerms, lockCopyPositions, openCopyPositions } from './copy-positions.ts';
export type { CopyClose, CopyOpen, OpenedCopy } from './copy-positions.ts';
export { statementPositions } from './statement-positions.ts';
