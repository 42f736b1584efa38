// The stream module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { streamServer, visitorKeyOf } from './stream.server.ts';
export type { MarketStreamSource, StreamLimits, StreamServer, VisitorChatSource } from './stream.server.ts';
