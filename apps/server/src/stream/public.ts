// The stream module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { streamServer } from './stream.server.ts';
export type { MarketStreamSource, StreamLimits, StreamServer } from './stream.server.ts';
