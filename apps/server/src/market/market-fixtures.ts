import { WebSocket } from 'ws';
import type { ServerMessage } from '@kabuto/contracts/stream/messages';
import type { Harness } from '../test/harness.ts';

/** Moves the test clock a second at a time and steps the feed, until `n` steps traded; waits until this process applied them. */
export async function stepFeed(h: Harness, n = 1): Promise<void> {
  const { feed, snapshot } = h.platform.market;
  let done = 0;
  for (let tries = 0; done < n && tries < n * 20; tries++) {
    h.clock.advance(1000);
    const m = await feed.step();
    if (m && m.kind === 'ticks') {
      await snapshot.applied(m.step);
      done += 1;
    }
  }
  if (done < n) throw new Error(`feed traded ${done} of ${n} steps`);
}

/** Steps until the symbol has traded at least once more. */
export async function stepUntilTraded(h: Harness, symbol: string, maxSteps = 100): Promise<void> {
  const before = h.platform.market.snapshot.get(symbol)?.state.seq ?? 0;
  for (let i = 0; i < maxSteps; i++) {
    await stepFeed(h);
    if ((h.platform.market.snapshot.get(symbol)?.state.seq ?? 0) > before) return;
  }
  throw new Error(`${symbol} did not trade in ${maxSteps} steps`);
}

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
    for (const w of [...waiters]) if (w.pred(m)) {
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
        const t = setTimeout(() => reject(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages.slice(-5))}`)), ms);
        waiters.push({ pred, resolve: (m) => { clearTimeout(t); resolve(m); } });
      }),
  };
}

export async function signedIn(url: string, m: { account: string; headers: Record<string, string> }): Promise<Conn> {
  const c = await connect(url);
  c.send({ type: 'auth', token: m.headers.token, account: m.account });
  await c.next((x) => x.type === 'ready');
  return c;
}
