import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { describeEachDatabase } from '../test/harness.ts';
import { signedIn, streamServerFor } from '../test/stream-client.ts';

// Issue 17 §3: a phone that lost its network never closes its socket. The server pings every socket and drops one
// that did not answer the previous ping, so a half-open socket (and its topics) goes within two heartbeats.

describeEachDatabase(
  'stream heartbeats',
  (h) => {
    const server = streamServerFor(h);

    it('drops a socket that stops answering pings, and keeps one that answers', async () => {
      const m = await h().member();
      const answering = await signedIn(server.url(), m);
      // `autoPong: false`: the socket of a phone whose network went away — it never answers a ping.
      const silent = new WebSocket(server.url(), { autoPong: false });
      const silentClosed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
      await new Promise((resolve) => silent.once('open', resolve));
      silent.send(JSON.stringify({ type: 'auth', token: m.headers.token, account: m.account }));
      const started = Date.now();
      expect(await silentClosed).toBe(1006);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
      answering.ws.close();
    });
  },
  { streamLimits: { heartbeatMs: 200 } },
);
