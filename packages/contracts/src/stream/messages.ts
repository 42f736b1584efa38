import { z } from 'zod';
import { errorKeys, type ErrorKey } from '../errors.ts';
import {
  candlePeriods,
  type CandlePeriodName,
  type CandleWire,
  type IndexValueWire,
  type PriceSource,
  type SymbolStatus,
} from '../market/fields.ts';

// DESIGN "API conventions": WebSocket /api/vue/stream, typed messages with sequence numbers.

/** Topics with a fixed name; the market's per-symbol topics are built with `marketTopic`. */
export const streamTopics = ['member', 'indices'] as const;
export type MarketTopic = `quotes:${string}` | `depth:${string}` | `candles:${string}:${CandlePeriodName}` | 'indices';
/**
 * Issue 27: a visitor's support conversation, named by the token their browser keeps (sent in a message, never in a
 * URL); the server knows the conversation only by the token's hash.
 */
export type SupportTopic = `support:${string}`;
export type StreamTopic = 'member' | MarketTopic | SupportTopic;

/** A market topic taken apart; `quotes:7203`, `depth:7203`, `candles:7203:5m`, `indices`. */
export type ParsedMarketTopic =
  | { kind: 'quotes' | 'depth'; symbol: string }
  | { kind: 'candles'; symbol: string; period: CandlePeriodName }
  | { kind: 'indices' };

/** Reads a topic name: a market topic, `member`, or the catalogued key that refuses it. */
export function parseTopic(
  topic: string,
):
  | { topic: 'member' }
  | { topic: MarketTopic; market: ParsedMarketTopic }
  | { topic: SupportTopic; visitorToken: string }
  | { error: ErrorKey } {
  if (topic === 'member') return { topic };
  if (topic.startsWith('support:')) {
    const visitorToken = topic.slice('support:'.length);
    return /^[A-Za-z0-9_-]{43}$/.test(visitorToken)
      ? { topic: topic as SupportTopic, visitorToken }
      : { error: errorKeys.support.visitorTokenInvalid };
  }
  if (topic === 'indices') return { topic, market: { kind: 'indices' } };
  const parts = topic.split(':');
  const [kind, symbol, period] = parts;
  if ((kind === 'quotes' || kind === 'depth') && parts.length === 2) {
    return symbol !== undefined && /^[0-9A-Z]{4}$/.test(symbol)
      ? { topic: topic as MarketTopic, market: { kind, symbol } }
      : { error: errorKeys.market.unknownSymbol };
  }
  if (kind === 'candles' && parts.length === 3) {
    if (symbol === undefined || !/^[0-9A-Z]{4}$/.test(symbol)) return { error: errorKeys.market.unknownSymbol };
    if (!(candlePeriods as readonly string[]).includes(period ?? '')) return { error: errorKeys.market.unknownPeriod };
    return { topic: topic as MarketTopic, market: { kind, symbol, period: period as CandlePeriodName } };
  }
  return { error: errorKeys.stream.unknownTopic };
}

/** A tick as the `quotes:<symbol>` topic carries it (decimal strings for prices). */
export interface QuoteUpdate {
  symbol: string;
  last: string;
  prevClose: string;
  change: string;
  changePercent: string;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: number;
  turnover: string;
  limitUp: string;
  limitDown: string;
  tickSize: string;
  day: string;
  status: SymbolStatus;
  source: PriceSource;
  /** When the trade happened (ISO). */
  at: string;
}

/**
 * One topic, or a list of them in one message (issue 17 §2): turning a page of the market list changes a dozen
 * topics, which as one message each ran into the per-second message guard. The list is bounded by the topic cap.
 */
const topicList = {
  topic: z.string().min(1).max(64).optional(),
  topics: z.array(z.string().min(1).max(64)).min(1).max(16).optional(),
};
const oneTopicField = (m: { topic?: string | undefined; topics?: string[] | undefined }) =>
  (m.topic === undefined) !== (m.topics === undefined);

/** What a client may send. The first message must be `auth` (the token never travels in the URL). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200), account: z.string().min(1).max(32) }),
  z.object({ type: z.literal('subscribe'), ...topicList }).refine(oneTopicField),
  z.object({ type: z.literal('unsubscribe'), ...topicList }).refine(oneTopicField),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Member events (topic `member`): the member's own money and review decisions. */
export const memberEventTypes = [
  'funds.depositDecided',
  'funds.withdrawalDecided',
  'verification.realNameDecided',
  /** The member's seat-account application was decided (issue 25). */
  'seat.decided',
  /** One of the member's block-trade applications was decided (issue 25). */
  'block.decided',
  /** Issue 26: one of the member's credit loans changed: decided, disbursed, interest charged, repaid. */
  'loan.changed',
  /** Issue 26: the member's day-trading quota application was decided, or a day trade was closed at the cut-off. */
  'daytrade.changed',
  /** Issue 26: one of the member's follows changed: started, a trade mirrored (or not), stopped, ended. */
  'copy.changed',
  /** One of the member's orders or positions changed: filled, cancelled, closed (and why), margin added. */
  'trade.positionChanged',
  /** One of the member's IPO entries changed: drawn (won or not), paid, lapsed, or its offering cancelled. */
  'ipo.entryChanged',
  /** Issue 27: a message arrived in the member's support conversation (a staff reply, or the member's own from another tab). */
  'support.message',
  /** Issue 27: a new in-app notice for the member (an outcome they were waiting for, or a price alert that fired). */
  'notice.created',
  /** Issue 27: one of the member's price alerts was set or deleted (the leader's alert index re-reads it). */
  'alert.changed',
  /** One of the member's sessions ended (sign-out) or all of them (password change, restriction): its sockets close. */
  'session.ended',
] as const;
export type MemberEventType = (typeof memberEventTypes)[number];

export type ServerMessage =
  | { type: 'ready' }
  | { type: 'subscribed'; topic: StreamTopic; seq: string | null }
  | { type: 'quote'; topic: MarketTopic; seq: string; data: QuoteUpdate }
  | {
      type: 'depth';
      topic: MarketTopic;
      seq: string;
      data: {
        symbol: string;
        bids: { price: string; quantity: number }[];
        asks: { price: string; quantity: number }[];
      };
    }
  | {
      type: 'candle';
      topic: MarketTopic;
      seq: string;
      data: { symbol: string; period: CandlePeriodName; candle: CandleWire };
    }
  | { type: 'indices'; topic: 'indices'; seq: string; data: IndexValueWire[] }
  /** Staff halted, resumed or delisted the symbol (on its quotes topic; not part of the tick sequence). */
  | { type: 'symbolStatus'; topic: MarketTopic; data: { symbol: string; status: SymbolStatus; reason: string | null } }
  /**
   * Issue 27: in a visitor's support conversation a message arrived or support read the visitor's messages. Not a
   * member event (a visitor has no sequence): `subscribed` on this topic carries the conversation's last message id,
   * so a reconnect that missed one refetches.
   */
  | { type: 'support'; topic: SupportTopic; data: { threadId: string; messageId: string; kind: 'message' | 'read' } }
  | { type: 'unsubscribed'; topic: StreamTopic }
  | {
      type: 'event';
      topic: StreamTopic;
      seq: string;
      prevSeq: string | null;
      event: { type: MemberEventType; payload: Record<string, string | number | boolean | null> };
    }
  | { type: 'error'; msg: string }
  | { type: 'pong' };

/** Close codes a client can act on. */
export const streamCloseCodes = {
  unauthenticated: 4401,
  tooSlow: 4408,
  tooMany: 4429,
  badMessage: 4400,
  /** RFC 6455 "service restart": the process is shutting down; reconnect shortly (another process may answer). */
  serviceRestart: 1012,
} as const;
