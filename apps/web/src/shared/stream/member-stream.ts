import type { MemberEventType, ServerMessage } from '@kabuto/contracts/stream/messages';

export interface MemberStreamEvent {
  type: MemberEventType;
  payload: Record<string, string | number | boolean | null>;
}

export interface MemberStreamOptions {
  token: string;
  account: string;
  /** A member event arrived in order. */
  onEvent: (e: MemberStreamEvent) => void;
  /** Events may have been missed (a gap, or a reconnect): refetch the snapshot. */
  onResync: () => void;
  /** Tests inject a WebSocket; the browser's by default. */
  createSocket?: (url: string) => WebSocket;
  url?: string;
}

// Reconnect waits grow from 1 s to 30 s, so a server restart is not met by a storm of reconnects.
const backoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

export const streamUrl = (loc: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/vue/stream`;

/**
 * The member's live events (DESIGN "API conventions"): authenticate with the first message,
 * subscribe to `member`, follow the sequence numbers, and after a gap or a reconnect resubscribe
 * and ask for a refetch. Closing it stops reconnecting.
 */
export function openMemberStream(o: MemberStreamOptions): { close: () => void } {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastSeq: string | null | undefined;
  let everConnected = false;

  const connect = () => {
    const ws = (o.createSocket ?? ((u) => new WebSocket(u)))(o.url ?? streamUrl());
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: o.token, account: o.account }));
    ws.onmessage = (ev: MessageEvent) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      if (m.type === 'ready') {
        attempt = 0;
        ws.send(JSON.stringify({ type: 'subscribe', topic: 'member' }));
      } else if (m.type === 'subscribed') {
        // After a reconnect (or if the server has seen events we have not), the screens refetch.
        if (everConnected && m.seq !== lastSeq) o.onResync();
        everConnected = true;
        lastSeq = m.seq;
      } else if (m.type === 'event') {
        if (lastSeq !== undefined && m.prevSeq !== lastSeq) o.onResync();
        else o.onEvent(m.event);
        lastSeq = m.seq;
      }
    };
    ws.onclose = (ev: CloseEvent) => {
      socket = null;
      // 4401: the session is no longer valid; the HTTP client's 401 handling takes the member to sign-in.
      if (closed || ev.code === 4401) return;
      retry = setTimeout(connect, backoffMs(attempt++));
    };
  };
  connect();

  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    },
  };
}
