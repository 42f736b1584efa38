import { WebSocket } from 'ws';
import { afterAll, beforeAll } from 'vitest';
import type { ServerMessage } from '@kabuto/contracts/stream/messages';
import type { Harness } from './harness.ts';

// A WebSocket client for the stream tests: every message kept in order, and `next` to wait for one.
export interface Conn {
  ws: WebSocket;
  messages: ServerMessage[];
  closed: Promise<number>;
  send: (m: unknown) => void;
  next: (pred: (m: ServerMessage) => boolean, ms?: number) => Promise<ServerMessage>;
}

export async function connect(url: string): Promise<Conn> {
  const ws = new WebSocket(url);
  const messages: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as ServerMessage;
    messages.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next: (pred, ms = 5000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(pred);
        if (found) return resolve(found);
        const t = setTimeout(
          () => reject(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages.slice(-5))}`)),
          ms,
        );
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(t);
            resolve(m);
          },
        });
      }),
  };
}

export async function signedIn(url: string, m: { account: string; headers: Record<string, string> }): Promise<Conn> {
  const c = await connect(url);
  c.send({ type: 'auth', token: m.headers.token, account: m.account });
  await c.next((x) => x.type === 'ready');
  return c;
}

/** A signed-in socket that follows the member's own events (`member`), confirmed. */
export async function followingMember(
  url: string,
  m: { account: string; headers: Record<string, string> },
): Promise<Conn> {
  const c = await signedIn(url, m);
  c.send({ type: 'subscribe', topic: 'member' });
  await c.next((x) => x.type === 'subscribed');
  return c;
}

/** Serves the harness's app on a loopback port for the suite; `url()` is its stream address. */
export function streamServerFor(h: () => Harness): { url: () => string } {
  let url = '';
  beforeAll(async () => {
    const address = await h().app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/vue/stream`;
  });
  afterAll(async () => {
    await h().app.server.close();
  });
  return { url: () => url };
}
