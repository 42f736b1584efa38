import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { streamCloseCodes } from '@kabuto/contracts/stream/messages';
import { describeEachDatabase } from '../test/harness.ts';
import { signedIn, streamServerFor } from '../test/stream-client.ts';

describeEachDatabase('the stream while the process stops (issue 17 §6)', (h) => {
  const server = streamServerFor(h);

  it('closes every socket with "service restart" and upgrades no new one', async () => {
    const m = await h().member();
    const conns = await Promise.all([1, 2, 3].map(() => signedIn(server.url(), m)));
    await h().platform.stream.closeForRestart();
    expect(await Promise.all(conns.map((c) => c.closed))).toEqual(Array(3).fill(streamCloseCodes.serviceRestart));
    const late = new WebSocket(server.url());
    late.on('error', () => undefined);
    const refused = await new Promise<number>((resolve) => {
      late.once('unexpected-response', (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      late.once('open', () => resolve(101));
    });
    expect(refused).toBe(503);
  });
});
