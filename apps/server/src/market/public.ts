// The market module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { candleRetentionJob } from './candle-retention.ts';
export { defaultMarketOptions, startMarket } from './market-module.ts';
export type { MarketModule, MarketOptions } from './market-module.ts';
export { seedMarketSymbols } from './market-seed.ts';
export { orderWindowWire } from './order-window-wire.ts';
export { symbolStatusFact, symbolStatusInTx, symbolStatusesInTx } from './symbol-status.ts';
export type { MarketSnapshot, MarketUpdate, SymbolEntry } from './market-snapshot.ts';
export { addUpcomingSymbol, listUpcomingSymbol, withdrawUpcomingSymbol } from './upcoming.ts';
export type { MarketCompany } from './upcoming.ts';
