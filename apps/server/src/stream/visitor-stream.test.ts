import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { errorKeys } from '@kabuto/contracts/errors';
import { streamCloseCodes } from '@kabuto/contracts/stream/messages';
import { describeEachDatabase } from '../test/harness.ts';
import { connect, streamServerFor } from '../test/stream-client.ts';
import { stepUntilTraded } from '../market/market-fixtures.ts';

// Issue 17 §4: market topics are public like the market calls, so a visitor (no auth message) gets live prices;
// the `member` topic still needs a signed-in socket, and one address holds a bounded number of sockets.

describeEachDatabase('the stream for visitors: live prices without signing in', (h) => {
  const server = streamServerFor(h);

  it('a visitor socket follows quotes and indices and receives their ticks', async () => {
    const c = await connect(server.url());
    c.send({ type: 'subscribe', topics: ['quotes:7203', 'indices'] });
    await c.next((x) => x.type === 'subscribed' && x.topic === 'indices');
    await stepUntilTraded(h(), '7203');
    const quote = await c.next((x) => x.type === 'quote' && x.topic === 'quotes:7203');
    expect(quote.type === 'quote' && quote.data.last).toBe(h().platform.market.snapshot.get('7203')?.state.last);
    expect(await c.next((x) => x.type === 'indices')).toMatchObject({ type: 'indices', topic: 'indices' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });

  it('refuses the member topic to a visitor, and serves it once the same socket signs in', async () => {
    const refused = await connect(server.url());
    refused.send({ type: 'subscribe', topic: 'member' });
    expect(await refused.next((x) => x.type === 'error')).toEqual({
      type: 'error',
      msg: errorKeys.stream.authRequired,
    });
    expect(await refused.closed).toBe(streamCloseCodes.unauthenticated);

    const m = await h().member();
    const c = await connect(server.url());
    c.send({ type: 'subscribe', topic: 'quotes:7203' });
    await c.next((x) => x.type === 'subscribed');
    c.send({ type: 'auth', token: m.headers.token, account: m.account });
    await c.next((x) => x.type === 'ready');
    c.send({ type: 'subscribe', topic: 'member' });
    expect(await c.next((x) => x.type === 'subscribed' && x.topic === 'member')).toMatchObject({ seq: null });
    await stepUntilTraded(h(), '7203');
    await c.next((x) => x.type === 'quote');
    c.ws.close();
  });
});

/** Opens a socket and reports how the upgrade ended: open, or the HTTP status that refused it. */
const attempt = (url: string): Promise<{ ws: WebSocket; status: number | 'open' }> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve({ ws, status: 'open' }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });

describeEachDatabase(
  'the stream: sockets per address',
  (h) => {
    const server = streamServerFor(h);

    it('refuses a socket over the per-address cap with 429, and takes one again when a socket closes', async () => {
      const open = [await connect(server.url()), await connect(server.url()), await connect(server.url())];
      const over = await attempt(server.url());
      expect(over.status).toBe(429);
      // The sockets within the cap serve on.
      open[0]?.send({ type: 'subscribe', topic: 'indices' });
      await open[0]?.next((x) => x.type === 'subscribed');
      open[1]?.ws.close();
      await open[1]?.closed;
      // The server counts the closed socket out once its connection ends.
      let again = await attempt(server.url());
      for (let tries = 0; again.status !== 'open' && tries < 50; tries++) {
        await new Promise((r) => setTimeout(r, 20));
        again = await attempt(server.url());
      }
      expect(again.status).toBe('open');
      again.ws.close();
      for (const c of open) c?.ws.close();
    });
  },
  { streamLimits: { maxSocketsPerAddress: 3 } },
);
