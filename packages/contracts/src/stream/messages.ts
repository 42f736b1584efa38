import { z } from 'zod';

// DESIGN "API conventions": WebSocket /api/vue/stream, typed messages with sequence numbers.

export const streamTopics = ['member'] as const;
export type StreamTopic = (typeof streamTopics)[number];

/** What a client may send. The first message must be `auth` (the token never travels in the URL). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200), account: z.string().min(1).max(32) }),
  z.object({ type: z.literal('subscribe'), topic: z.string().min(1).max(64) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().min(1).max(64) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Member events (topic `member`): the member's own money and review decisions. */
export const memberEventTypes = ['funds.depositDecided', 'funds.withdrawalDecided', 'verification.realNameDecided'] as const;
export type MemberEventType = (typeof memberEventTypes)[number];

export type ServerMessage =
  | { type: 'ready' }
  | { type: 'subscribed'; topic: StreamTopic; seq: string | null }
  | { type: 'unsubscribed'; topic: StreamTopic }
  | { type: 'event'; topic: StreamTopic; seq: string; prevSeq: string | null; event: { type: MemberEventType; payload: Record<string, string | number | boolean | null> } }
  | { type: 'error'; msg: string }
  | { type: 'pong' };

/** Close codes a client can act on. */
export const streamCloseCodes = {
  unauthenticated: 4401,
  tooSlow: 4408,
  tooMany: 4429,
  badMessage: 4400,
} as const;
