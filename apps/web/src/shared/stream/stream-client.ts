import type { ServerMessage } from '@kabuto/contracts/stream/messages';

/** A message that belongs to one topic (a quote, depth, candle, index values, a status change, a member event). */
export type TopicMessage = Extract<
  ServerMessage,
  { topic: string; type: 'quote' | 'depth' | 'candle' | 'indices' | 'symbolStatus' | 'event' | 'support' }
>;

export interface TopicListener {
  /** A message of the topic, in order. */
  onMessage: (m: TopicMessage) => void;
  /** Messages may have been missed (a gap, a reconnect): refetch the topic's snapshot. */
  onResync: () => void;
}

export interface StreamClientOptions {
  /** The signed-in member's session. Without it the socket is a visitor's: market topics only (issue 17 §4). */
  token?: string;
  account?: string;
  /** Tests inject a WebSocket; the browser's by default. */
  createSocket?: (url: string) => WebSocket;
  url?: string;
}

export interface StreamClient {
  /** Listens to a topic; the socket subscribes while anyone listens. The returned function stops listening. */
  listen(topic: string, listener: TopicListener): () => void;
  close(): void;
}

/** The server's cap on subscriptions per socket (stream.server.ts); topics beyond it are not asked for. */
export const maxTopicsPerSocket = 16;

/**
 * Issue 17 §3: a phone's socket can die without a close (a lost network): after this long without any message the
 * client pings, and when nothing answers within `heartbeatAnswerMs` it drops the socket and reconnects (resync).
 */
export const heartbeatIdleMs = 15_000;
export const heartbeatAnswerMs = 5_000;

/**
 * Issue 17 §6: a server that is stopping closes every socket with 1012 ("service restart"). Its clients reconnect
 * within this window, each at a random moment in it, so they do not all arrive at the other processes at once.
 */
export const restartReconnectMs = 5000;

// Reconnect waits grow from 1 s to 30 s, so a server restart is not met by a storm of reconnects.
const backoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

export const streamUrl = (loc: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/vue/stream`;

interface TopicState {
  listeners: Set<TopicListener>;
  /** Last sequence number seen; undefined until the server confirms the subscription. */
  lastSeq: string | null | undefined;
  /** Confirmed at least once on some connection, so a later confirmation means "after a reconnect". */
  confirmed: boolean;
}

/** True when `seq` directly follows `last` (market topics count up by one per message). */
const follows = (last: string | null, seq: string): boolean => last !== null && BigInt(seq) === BigInt(last) + 1n;

/**
 * One WebSocket for everything the screens show (DESIGN "API conventions"): a member's authenticates with the first
 * message (a visitor's follows market topics without), subscribes to the topics on screen, follow each topic's sequence numbers, and after a gap or a
 * reconnect resubscribe and ask that topic's listeners to refetch. Closing it stops reconnecting. The socket opens on the first `listen`.
 */
export function openStream(o: StreamClientOptions): StreamClient {
  const topics = new Map<string, TopicState>();
  let socket: WebSocket | null = null;
  let ready = false;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const send = (m: unknown) => {
    if (socket && ready) socket.send(JSON.stringify(m));
  };
  // Issue 17 §2: the topics a render adds or drops (a page of the market list: a dozen each) leave as one
  // unsubscribe and one subscribe message, not one message a topic, which the server's message guard would refuse.
  const dropping = new Set<string>();
  const adding = new Set<string>();
  let flushQueued = false;
  const sendTopics = (type: 'subscribe' | 'unsubscribe', list: string[]) => {
    for (let i = 0; i < list.length; i += maxTopicsPerSocket)
      send({ type, topics: list.slice(i, i + maxTopicsPerSocket) });
  };
  const queue = (type: 'subscribe' | 'unsubscribe', topic: string) => {
    if (type === 'subscribe') adding.add(topic);
    else {
      adding.delete(topic);
      dropping.add(topic);
    }
    if (flushQueued) return;
    flushQueued = true;
    queueMicrotask(() => {
      flushQueued = false;
      sendTopics('unsubscribe', [...dropping]);
      sendTopics('subscribe', [...adding]);
      dropping.clear();
      adding.clear();
    });
  };
  const resync = (state: TopicState) => {
    for (const l of [...state.listeners]) l.onResync();
  };
  const subscribedCount = () => [...topics.values()].filter((t) => t.listeners.size > 0).length;
  const member = o.token && o.account ? { token: o.token, account: o.account } : null;

  /** The socket may subscribe (signed in, or open for a visitor). */
  const start = () => {
    ready = true;
    attempt = 0;
    // A new socket follows nothing yet: every topic on screen goes now, so nothing queued before is still owed.
    adding.clear();
    dropping.clear();
    sendTopics('subscribe', [...topics.keys()]);
  };

  const onMessage = (m: ServerMessage) => {
    if (m.type === 'ready') return start();
    if (m.type === 'subscribed') {
      const state = topics.get(m.topic);
      if (!state) return;
      // After a reconnect: anything sent meanwhile is missed, which a moved sequence number shows.
      if (state.confirmed && m.seq !== state.lastSeq) resync(state);
      state.confirmed = true;
      state.lastSeq = m.seq;
      return;
    }
    if (!('topic' in m) || m.type === 'unsubscribed') return;
    const state = topics.get(m.topic);
    if (!state) return;
    if (m.type === 'symbolStatus') {
      // Not part of the tick sequence.
      for (const l of [...state.listeners]) l.onMessage(m);
      return;
    }
    if (m.type === 'support') {
      // Issue 27: a visitor's conversation has no sequence; its last message id is what a reconnect compares.
      if (m.data.kind === 'message') state.lastSeq = m.data.messageId;
      for (const l of [...state.listeners]) l.onMessage(m);
      return;
    }
    // Member events name their predecessor; market topics count up by one.
    const inOrder =
      m.type === 'event'
        ? state.lastSeq === undefined || m.prevSeq === state.lastSeq
        : state.lastSeq === undefined || follows(state.lastSeq, m.seq);
    state.lastSeq = m.seq;
    if (inOrder) for (const l of [...state.listeners]) l.onMessage(m);
    else resync(state);
  };

  let heartbeat: ReturnType<typeof setTimeout> | null = null;
  const stopHeartbeat = () => {
    if (heartbeat) clearTimeout(heartbeat);
    heartbeat = null;
  };
  const detach = () => {
    socket = null;
    ready = false;
    stopHeartbeat();
  };
  const reconnectLater = (waitMs = backoffMs(attempt++)) => {
    detach();
    retry = setTimeout(connect, waitMs);
  };
  /** Any message shows the socket alive; silence for `heartbeatIdleMs` earns a ping, and silence after it a new socket. */
  const alive = (ws: WebSocket) => {
    stopHeartbeat();
    heartbeat = setTimeout(() => {
      ws.send(JSON.stringify({ type: 'ping' }));
      heartbeat = setTimeout(() => {
        // Half-open: a close handshake would wait on the dead network too, so the socket is dropped at once.
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
        reconnectLater();
      }, heartbeatAnswerMs);
    }, heartbeatIdleMs);
  };

  const connect = () => {
    const ws = (o.createSocket ?? ((u) => new WebSocket(u)))(o.url ?? streamUrl());
    socket = ws;
    ready = false;
    ws.onopen = () => {
      if (member) ws.send(JSON.stringify({ type: 'auth', ...member }));
      else start();
      alive(ws);
    };
    ws.onmessage = (ev: MessageEvent) => {
      alive(ws);
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      onMessage(m);
    };
    ws.onclose = (ev: CloseEvent) => {
      // 4401: the session is no longer valid; the HTTP client's 401 handling takes the member to sign-in.
      if (closed || ev.code === 4401) detach();
      // 1012: the server is restarting; another process (or the restarted one) answers soon.
      else if (ev.code === 1012) reconnectLater(Math.floor(Math.random() * restartReconnectMs));
      else reconnectLater();
    };
  };
  // The socket opens when a screen first follows a topic, and not before the page has loaded: the sign-in screens
  // follow nothing and open none, and a price screen's first paint does not wait on live messages.
  let opening = false;
  const open = () => {
    if (opening) return;
    opening = true;
    const go = () => {
      if (!closed) connect();
    };
    if (typeof document === 'undefined' || document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
  };

  return {
    listen(topic, listener) {
      // Member events need a signed-in socket; the server would close a visitor's that asked.
      if (topic === 'member' && !member) return () => {};
      open();
      let state = topics.get(topic);
      if (!state) {
        if (subscribedCount() >= maxTopicsPerSocket) {
          console.warn(
            `stream: more than ${String(maxTopicsPerSocket)} topics on screen; ${topic} is not followed live`,
          );
          return () => {};
        }
        state = { listeners: new Set(), lastSeq: undefined, confirmed: false };
        topics.set(topic, state);
        queue('subscribe', topic);
      }
      const current = state;
      current.listeners.add(listener);
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && topics.get(topic) === current) {
          topics.delete(topic);
          queue('unsubscribe', topic);
        }
      };
    },
    close() {
      closed = true;
      stopHeartbeat();
      if (retry) clearTimeout(retry);
      socket?.close();
    },
  };
}
