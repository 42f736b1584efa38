import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { streamCloseCodes } from '@kabuto/contracts/stream/messages';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { firstChannelId } from '../test/money-fixtures.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { busChannels } from '../platform/bus.ts';
import { connect, followingMember, streamServerFor, type Conn } from '../test/stream-client.ts';

async function memberIdOf(h: Harness, account: string): Promise<string> {
  const [row] = await h.db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]);
  return row?.id ?? '';
}

/** A member event as the outbox relay puts it on the bus. */
const memberEvent = (memberId: string, seq: string) => ({
  seq,
  prevSeq: null,
  topic: 'member',
  memberId,
  type: 'funds.depositDecided',
  payload: { kind: 'deposit' },
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

async function pendingDeposit(h: Harness, headers: Record<string, string>): Promise<string> {
  const receipt = await uploadImage(h.app, headers, 'deposit_receipt');
  const dep = await h.call<{ id: string }>(
    'user/deposit/create',
    { channelId: await firstChannelId(h, headers), amount: '15000', receiptImageId: receipt },
    headers,
  );
  return dep.data.id;
}

describeEachDatabase(
  'the WebSocket stream: a member sees their own decisions live',
  (h) => {
    const server = streamServerFor(h);

    it('delivers a deposit decision to the member it belongs to, with a sequence number, and to nobody else', async () => {
      const a = await h().member();
      const b = await h().member();
      const aConn = await followingMember(server.url(), { account: a.account, headers: a.headers });
      const bConn = await followingMember(server.url(), { account: b.account, headers: b.headers });
      const subscribed = aConn.messages.find((m) => m.type === 'subscribed');
      const id = await pendingDeposit(h(), a.headers);
      await h().call(
        'admin/deposits/decide',
        { id, decision: 'approve', reason: 'transfer seen' },
        await staffHeaders(h()),
      );
      const ev = await aConn.next((m) => m.type === 'event');
      expect(ev).toMatchObject({
        type: 'event',
        topic: 'member',
        event: { type: 'funds.depositDecided', payload: { kind: 'deposit', status: 'approved' } },
      });
      expect(ev.type === 'event' && subscribed?.type === 'subscribed' && ev.prevSeq === subscribed.seq).toBe(true);
      await new Promise((r) => setTimeout(r, 400));
      expect(bConn.messages.filter((m) => m.type === 'event')).toEqual([]);
      aConn.ws.close();
      bConn.ws.close();
    });

    it('reaches every socket of a member through the member index, and no socket of anyone else (issue 17 §5)', async () => {
      const [a, b] = [await h().member(), await h().member()];
      const [aId, bId] = [await memberIdOf(h(), a.account), await memberIdOf(h(), b.account)];
      const aConns = [
        await followingMember(server.url(), a),
        await followingMember(server.url(), a),
        await followingMember(server.url(), a),
      ] as const;
      const bConn = await followingMember(server.url(), b);
      const visitor = await connect(server.url());
      const { stream } = h().platform;
      expect([stream.memberSockets(aId), stream.memberSockets(bId)]).toEqual([3, 1]);
      for (const [memberId, seq] of [
        [aId, 'a1'],
        [bId, 'b1'],
        [aId, 'a2'],
      ] as const)
        await h().platform.bus.publish(busChannels.events, JSON.stringify(memberEvent(memberId, seq)));
      const seqs = (c: Conn) => c.messages.flatMap((x) => (x.type === 'event' ? [x.seq] : []));
      for (const c of aConns) await c.next((x) => x.type === 'event' && x.seq === 'a2');
      await bConn.next((x) => x.type === 'event' && x.seq === 'b1');
      visitor.send({ type: 'ping' });
      await visitor.next((x) => x.type === 'pong');
      // Events of one bus channel are handled in order: b1 would have reached A's sockets before a2.
      expect(aConns.map(seqs)).toEqual([
        ['a1', 'a2'],
        ['a1', 'a2'],
        ['a1', 'a2'],
      ]);
      expect(seqs(bConn)).toEqual(['b1']);
      expect(seqs(visitor)).toEqual([]);
      // Closed sockets leave the index; a socket that signs in as someone else moves to that member.
      const [closing, moving] = aConns;
      closing.ws.close();
      moving.messages.length = 0;
      moving.send({ type: 'auth', token: b.headers.token, account: b.account });
      await moving.next((x) => x.type === 'ready');
      await until(() => stream.memberSockets(aId) === 1);
      expect([stream.memberSockets(aId), stream.memberSockets(bId)]).toEqual([1, 2]);
      for (const c of [...aConns, bConn, visitor]) c.ws.close();
      await until(() => stream.memberSockets(aId) + stream.memberSockets(bId) === 0);
      expect([stream.memberSockets(aId), stream.memberSockets(bId)]).toEqual([0, 0]);
    });

    it('refuses a socket without a valid token, and one that subscribes before signing in', async () => {
      const bad = await connect(server.url());
      bad.send({ type: 'auth', token: 'not-a-token', account: '0800000000' });
      expect(await bad.next((m) => m.type === 'error')).toEqual({ type: 'error', msg: errorKeys.stream.authRequired });
      expect(await bad.closed).toBe(streamCloseCodes.unauthenticated);
      const early = await connect(server.url());
      early.send({ type: 'subscribe', topic: 'member' });
      expect(await early.closed).toBe(streamCloseCodes.unauthenticated);
    });

    it('answers hostile and unknown messages with catalogued keys and keeps serving', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), { account: m.account, headers: m.headers });
      for (const junk of [
        '{',
        '"just a string"',
        JSON.stringify({ type: 'subscribe' }),
        JSON.stringify({ type: 'auth', token: 5 }),
        JSON.stringify({ type: 'drop tables' }),
      ]) {
        c.send(junk);
      }
      c.ws.send(Buffer.from([0, 1, 2]), { binary: true });
      c.send({ type: 'subscribe', topic: 'orders:7203' });
      await c.next((x) => x.type === 'error' && x.msg === errorKeys.stream.unknownTopic);
      expect(c.messages.filter((x) => x.type === 'error' && x.msg === errorKeys.stream.badMessage).length).toBe(6);
      c.send({ type: 'ping' });
      await c.next((x) => x.type === 'pong');
      c.ws.close();
    });

    it('closes a socket that floods it with messages', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), { account: m.account, headers: m.headers });
      for (let i = 0; i < 60; i++) c.send({ type: 'ping' });
      expect(await c.closed).toBe(streamCloseCodes.tooMany);
    });

    it('drops a client that does not read, instead of buffering for it without limit', async () => {
      const m = await h().member();
      const c = await followingMember(server.url(), { account: m.account, headers: m.headers });
      const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
      // Stop reading: the kernel buffers fill, then the server's send buffer grows.
      (c.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
      const big = 'x'.repeat(16 * 1024);
      for (let i = 0; i < 2000; i++) {
        await h().platform.bus.publish(
          busChannels.events,
          JSON.stringify({
            seq: String(1e9 + i),
            prevSeq: null,
            topic: 'member',
            memberId: row?.id,
            type: 'funds.depositDecided',
            payload: { big },
          }),
        );
      }
      (c.ws as unknown as { _socket: { resume: () => void } })._socket.resume();
      expect(await c.closed).toBe(streamCloseCodes.tooSlow);
    });
  },
  { streamLimits: { maxMessagesPerSecond: 20 } },
);
