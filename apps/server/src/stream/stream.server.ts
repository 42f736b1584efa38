import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ErrorKey } from '@kabuto/contracts/errors';
import {
  clientMessageSchema,
  parseTopic,
  streamCloseCodes,
  type MarketTopic,
  type ServerMessage,
  type SupportTopic,
} from '@kabuto/contracts/stream/messages';
import type { Clock } from '../clock.ts';
import { resolveSession } from '../auth/public.ts';
import { busChannels, type Bus } from '../platform/public.ts';
import { lastMemberSeq, type RelayedEvent } from '../platform/public.ts';

export const streamPath = '/api/vue/stream';

export interface StreamLimits {
  /** A socket whose unsent bytes exceed this is closed: a slow client is dropped, not buffered without limit. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
  /** Messages a client may send per second before it is closed. */
  maxMessagesPerSecond: number;
  /**
   * Issue 17 §4: visitors follow market topics without signing in, so what one address may hold is bounded here:
   * an upgrade beyond it is refused with HTTP 429 before any WebSocket exists.
   */
  maxSocketsPerAddress: number;
  /** Issue 17 §3: every socket is pinged this often; one that has not answered the previous ping is dropped. */
  heartbeatMs: number;
}

export const defaultStreamLimits: StreamLimits = {
  maxBufferedBytes: 256 * 1024,
  maxSubscriptions: 16,
  maxMessagesPerSecond: 20,
  maxSocketsPerAddress: 20,
  heartbeatMs: 15_000,
};

interface Client {
  socket: WebSocket;
  memberId: string | null;
  /** Answered the last heartbeat ping (or sent something since): a socket that stays silent is half-open. */
  alive: boolean;
  /** The session the socket signed in with, and when it ends (issue 17 §1: the socket ends with it). */
  session: { tokenHash: string; expiresAt: number; timer: NodeJS.Timeout | null } | null;
  topics: Set<string>;
  window: { startedAt: number; count: number };
  /**
   * The socket's messages are handled one after another, in the order they came: a `subscribe` that waits on the
   * database (the member topic) must not let a later `unsubscribe` or `subscribe` of the same list overtake it.
   */
  inbox: Promise<void>;
}

/**
 * Issue 27: what the stream needs from the support module for visitors' conversations: the last message id of the
 * conversation a token's hash names (null: none yet), which `subscribed` carries so a reconnect can tell it missed one.
 */
export interface VisitorChatSource {
  lastMessageId(visitorKey: string): Promise<string | null>;
}

/** The visitor token's hash: the only name the server keeps for a visitor's conversation. */
export const visitorKeyOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What the stream needs from the market module (kept as an interface so the stream does not depend on it). */
export interface MarketStreamSource {
  resolveTopic(topic: MarketTopic): { seq: string } | { error: ErrorKey };
  onUpdate(
    listener: (update: { topics: MarketTopic[]; build(topic: MarketTopic): ServerMessage | null }) => void,
  ): () => void;
}

/**
 * WebSocket /api/vue/stream. Each API process keeps its own sockets and takes every relayed
 * event from the bus; a member's events go only to that member's sockets. Market topics are public
 * (a visitor's socket follows them without signing in); `member` needs the `auth` message first.
 */
export async function streamServer(deps: {
  db: Database;
  clock: Clock;
  bus: Bus;
  market?: MarketStreamSource;
  visitorChat?: VisitorChatSource;
  limits?: Partial<StreamLimits>;
  log?: (msg: string, err?: unknown) => void;
}) {
  const limits: StreamLimits = { ...defaultStreamLimits, ...deps.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<Client>();
  /** The process is shutting down: no new sockets. */
  let stopping = false;
  // Market topics → their sockets, so a tick costs one serialisation and one send per subscriber.
  const subscribers = new Map<string, Set<Client>>();
  // Issue 17 §5: member → its signed-in sockets, so an event costs the member's sockets, not a pass over everyone.
  const memberSockets = new Map<string, Set<Client>>();
  // Issue 27: a visitor conversation's key (the token's hash) → the sockets following it, and the topic each used.
  const visitorChats = new Map<string, Map<Client, SupportTopic>>();
  // Open connections on the stream path per remote address (the cap on what one address holds).
  const perAddress = new Map<string, number>();

  const signIn = (c: Client, memberId: string | null): void => {
    if (c.memberId) {
      const set = memberSockets.get(c.memberId);
      set?.delete(c);
      if (set?.size === 0) memberSockets.delete(c.memberId);
    }
    c.memberId = memberId;
    if (memberId) memberSockets.set(memberId, (memberSockets.get(memberId) ?? new Set()).add(c));
  };

  const sendText = (c: Client, text: string | Buffer): void => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > limits.maxBufferedBytes) {
      c.socket.close(streamCloseCodes.tooSlow, 'too slow');
      return;
    }
    c.socket.send(text, { binary: false });
  };
  const send = (c: Client, m: ServerMessage): void => sendText(c, JSON.stringify(m));

  const leave = (c: Client, topic: string): void => {
    c.topics.delete(topic);
    const parsed = topic.startsWith('support:') ? parseTopic(topic) : null;
    if (parsed && 'visitorToken' in parsed) {
      const key = visitorKeyOf(parsed.visitorToken);
      const followers = visitorChats.get(key);
      followers?.delete(c);
      if (followers?.size === 0) visitorChats.delete(key);
      return;
    }
    const set = subscribers.get(topic);
    set?.delete(c);
    if (set?.size === 0) subscribers.delete(topic);
  };

  const offMarket = deps.market?.onUpdate((update) => {
    for (const topic of update.topics) {
      const set = subscribers.get(topic);
      if (!set || set.size === 0) continue;
      const message = update.build(topic);
      if (!message) continue;
      // Encoded once: a text frame from one UTF-8 buffer, instead of one conversion per socket.
      const bytes = Buffer.from(JSON.stringify(message));
      const now = deps.clock.now().getTime();
      for (const c of set) {
        if (expired(c, now)) sessionOver(c);
        else sendText(c, bytes);
      }
    }
  });

  /** The socket's session is over (signed out, password changed, expired): the client takes the member to sign-in. */
  const sessionOver = (c: Client): void => {
    if (c.session?.timer) clearTimeout(c.session.timer);
    c.socket.close(streamCloseCodes.unauthenticated, 'session ended');
  };
  const expired = (c: Client, now: number): boolean => c.session !== null && now >= c.session.expiresAt;
  // A timer for the idle socket; deliveries also check the clock (the longest timeout a timer takes is ~24.8 days).
  const armExpiry = (c: Client): void => {
    if (!c.session) return;
    const wait = Math.min(c.session.expiresAt - deps.clock.now().getTime(), 2 ** 31 - 1);
    c.session.timer = setTimeout(() => (expired(c, deps.clock.now().getTime()) ? sessionOver(c) : armExpiry(c)), wait);
  };

  const unsubscribe = await deps.bus.subscribe(busChannels.events, (raw) => {
    let e: RelayedEvent;
    try {
      e = JSON.parse(raw) as RelayedEvent;
    } catch {
      return;
    }
    const now = deps.clock.now().getTime();
    const endedToken = e.type === 'session.ended' ? e.payload.tokenHash : undefined;
    for (const c of memberSockets.get(e.memberId) ?? []) {
      if (
        expired(c, now) ||
        (endedToken !== undefined && (endedToken === null || endedToken === c.session?.tokenHash))
      ) {
        sessionOver(c);
        continue;
      }
      if (!c.topics.has(e.topic)) continue;
      send(c, {
        type: 'event',
        topic: e.topic,
        seq: e.seq,
        prevSeq: e.prevSeq,
        // Which session ended is the server's business: the member's other sockets get the event without it.
        event: { type: e.type as never, payload: endedToken === undefined ? { ...e.payload } : {} },
      });
    }
  });

  // Issue 27: support's replies to visitors, relayed from the outbox as broadcasts naming the token's hash.
  const unsubscribeSupport = await deps.bus.subscribe(busChannels.support, (raw) => {
    let e: { visitorKey?: unknown; threadId?: unknown; messageId?: unknown; kind?: unknown };
    try {
      e = JSON.parse(raw) as typeof e;
    } catch {
      return;
    }
    if (typeof e.visitorKey !== 'string' || typeof e.threadId !== 'string' || typeof e.messageId !== 'string') return;
    const kind = e.kind === 'read' ? 'read' : 'message';
    for (const [c, topic] of visitorChats.get(e.visitorKey) ?? [])
      send(c, { type: 'support', topic, data: { threadId: e.threadId, messageId: e.messageId, kind } });
  });

  wss.on('connection', (socket: WebSocket) => {
    const c: Client = {
      socket,
      memberId: null,
      alive: true,
      session: null,
      topics: new Set(),
      window: { startedAt: Date.now(), count: 0 },
      inbox: Promise.resolve(),
    };
    clients.add(c);
    socket.on('close', () => {
      if (c.session?.timer) clearTimeout(c.session.timer);
      clients.delete(c);
      signIn(c, null);
      for (const topic of [...c.topics]) leave(c, topic);
    });
    socket.on('error', () => socket.terminate());
    socket.on('pong', () => {
      c.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (!withinRate(c)) return;
      c.inbox = c.inbox
        .then(() => handle(c, data, isBinary))
        .catch((err: unknown) => {
          deps.log?.('stream: message failed', err);
          send(c, { type: 'error', msg: errorKeys.process.busy });
        });
    });
  });

  // A phone that lost its network never sends a close: without pings its socket (and its topics) would stay for
  // ever. Browsers answer ping frames by themselves.
  const heartbeat = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  /** Counts a message as it arrives: past the limit a second, the socket is closed and the message dropped. */
  function withinRate(c: Client): boolean {
    c.alive = true;
    const now = Date.now();
    if (now - c.window.startedAt >= 1000) c.window = { startedAt: now, count: 0 };
    if (++c.window.count <= limits.maxMessagesPerSecond) return true;
    c.socket.close(streamCloseCodes.tooMany, 'too many messages');
    return false;
  }

  async function handle(c: Client, data: unknown, isBinary: boolean): Promise<void> {
    // A message queued behind one that closed the socket is not answered.
    if (c.socket.readyState !== c.socket.OPEN) return;
    let parsed: ReturnType<typeof clientMessageSchema.safeParse>;
    try {
      parsed = isBinary ? clientMessageSchema.safeParse(null) : clientMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = clientMessageSchema.safeParse(null);
    }
    if (!parsed.success) {
      send(c, { type: 'error', msg: errorKeys.stream.badMessage });
      return;
    }
    const m = parsed.data;
    if (m.type === 'ping') return send(c, { type: 'pong' });
    if (m.type === 'auth') {
      const principal = await resolveSession(deps.db, m.token, deps.clock.now());
      if (!principal || principal.account !== m.account) {
        send(c, { type: 'error', msg: errorKeys.stream.authRequired });
        c.socket.close(streamCloseCodes.unauthenticated, 'sign in first');
        return;
      }
      signIn(c, principal.memberId);
      if (c.session?.timer) clearTimeout(c.session.timer);
      c.session = { tokenHash: principal.tokenHash, expiresAt: principal.expiresAt.getTime(), timer: null };
      armExpiry(c);
      return send(c, { type: 'ready' });
    }
    // One message may carry a list: each topic is answered on its own, in order, as if sent one by one.
    for (const topic of m.topics ?? [m.topic ?? '']) {
      // A topic refused with a close (`member` for a visitor) ends the list: a closing socket follows nothing more.
      if (c.socket.readyState !== c.socket.OPEN) return;
      await follow(c, m.type, topic);
    }
  }

  async function follow(c: Client, action: 'subscribe' | 'unsubscribe', topic: string) {
    const t = parseTopic(topic);
    if ('error' in t) return send(c, { type: 'error', msg: t.error });
    const market = 'market' in t ? deps.market : undefined;
    if ('market' in t && !market) return send(c, { type: 'error', msg: errorKeys.stream.unknownTopic });
    if (action === 'unsubscribe') {
      leave(c, t.topic);
      return send(c, { type: 'unsubscribed', topic: t.topic });
    }
    if (!c.topics.has(t.topic) && c.topics.size >= limits.maxSubscriptions)
      return send(c, { type: 'error', msg: errorKeys.stream.tooManySubscriptions });
    if ('visitorToken' in t) {
      // Issue 27: a visitor's conversation (anyone holding the token may follow it: the token is its only key).
      if (!deps.visitorChat) return send(c, { type: 'error', msg: errorKeys.stream.unknownTopic });
      const key = visitorKeyOf(t.visitorToken);
      c.topics.add(t.topic);
      visitorChats.set(key, (visitorChats.get(key) ?? new Map<Client, SupportTopic>()).set(c, t.topic));
      return send(c, { type: 'subscribed', topic: t.topic, seq: await deps.visitorChat.lastMessageId(key) });
    }
    if (t.topic === 'member' || !market) {
      // Issue 17 §4: a visitor follows market topics only; `member` needs the auth message first.
      const memberId = c.memberId;
      if (!memberId) {
        send(c, { type: 'error', msg: errorKeys.stream.authRequired });
        return c.socket.close(streamCloseCodes.unauthenticated, 'sign in first');
      }
      c.topics.add(t.topic);
      // The member's last sequence number: events after it arrive on this socket; a client that saw a
      // different last number refetches its snapshot.
      return send(c, { type: 'subscribed', topic: t.topic, seq: await lastMemberSeq(deps.db, memberId) });
    }
    const known = market.resolveTopic(t.topic);
    if ('error' in known) return send(c, { type: 'error', msg: known.error });
    c.topics.add(t.topic);
    let set = subscribers.get(t.topic);
    if (!set) {
      set = new Set();
      subscribers.set(t.topic, set);
    }
    set.add(c);
    // The topic's sequence number now: the next message carries the next one; any other means a gap.
    send(c, { type: 'subscribed', topic: t.topic, seq: known.seq });
  }

  /**
   * Counts the connection against its address (the one Node sees: the app trusts no proxy headers) until it ends,
   * or refuses the upgrade with 429 when the address already holds its cap.
   */
  function admit(req: IncomingMessage, socket: Duplex): boolean {
    const address = req.socket.remoteAddress ?? '';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxSocketsPerAddress) {
      // The HTTP server let go of the socket for the upgrade: its errors (a reset) are ours to swallow.
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return false;
    }
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    return true;
  }

  return {
    /** Hands HTTP upgrade requests for the stream path to the WebSocket server. */
    attach(server: Server): void {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== streamPath) {
          socket.destroy();
          return;
        }
        if (stopping) {
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        if (!admit(req, socket)) return;
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      });
    },
    connections: () => clients.size,
    /** How many signed-in sockets the member has on this process (the member → sockets index). */
    memberSockets: (memberId: string): number => memberSockets.get(memberId)?.size ?? 0,
    /**
     * Issue 17 §6, before the HTTP server stops (which waits for every upgraded socket): no new sockets, and every
     * open one is closed with "service restart" so its client reconnects soon, to whichever process answers. A socket
     * whose peer has not finished the close handshake within `graceMs` is cut.
     */
    async closeForRestart(graceMs = 1000): Promise<void> {
      stopping = true;
      const open = [...clients];
      const closed = Promise.all(
        open.map((c) => new Promise<void>((resolve) => c.socket.once('close', () => resolve()))),
      );
      for (const c of open) c.socket.close(streamCloseCodes.serviceRestart, 'service restart');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const c of clients) c.socket.terminate();
    },
    async close(): Promise<void> {
      clearInterval(heartbeat);
      offMarket?.();
      await unsubscribe();
      await unsubscribeSupport();
      for (const c of clients) c.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
export type StreamServer = Awaited<ReturnType<typeof streamServer>>;
