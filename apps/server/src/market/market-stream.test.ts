import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { streamCloseCodes, type ServerMessage } from '@kabuto/contracts/stream/messages';
import { describeEachDatabase } from '../test/harness.ts';
import { streamServerFor } from '../test/stream-client.ts';
import { connect, signedIn, stepFeed, stepUntilTraded } from './market-fixtures.ts';

const of = <T extends ServerMessage['type']>(messages: ServerMessage[], type: T, topic?: string) =>
  messages.filter(
    (m): m is Extract<ServerMessage, { type: T }> =>
      m.type === type && (topic === undefined || ('topic' in m && m.topic === topic)),
  );

describeEachDatabase(
  'market stream: quotes, depth, candles and indices with sequence numbers',
  (h) => {
    const server = streamServerFor(h);

    it('streams a symbol’s ticks with consecutive sequence numbers after the one given on subscribing', async () => {
      // Numbers carry the leader's epoch (issue 17 §7): the state loaded at start is numbered in the epoch before this
      // process began to lead, so a symbol's first trade since then is a jump (a client resyncs once); after it, +1.
      await stepUntilTraded(h(), '7203');
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      c.send({ type: 'subscribe', topic: 'quotes:7203' });
      const subscribed = await c.next((x) => x.type === 'subscribed' && x.topic === 'quotes:7203');
      for (let i = 0; i < 3; i++) await stepUntilTraded(h(), '7203');
      await c.next(() => of(c.messages, 'quote', 'quotes:7203').length >= 3);
      const quotes = of(c.messages, 'quote', 'quotes:7203');
      const seqs = [
        subscribed.type === 'subscribed' ? Number(subscribed.seq) : NaN,
        ...quotes.map((q) => Number(q.seq)),
      ];
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] ?? 0) + 1);
      const latest = quotes.at(-1)!;
      expect(latest.data).toMatchObject({
        symbol: '7203',
        source: 'simulated',
        status: 'listed',
        last: h().platform.market.snapshot.get('7203')!.state.last,
      });
      expect(typeof latest.data.last).toBe('string');
      c.ws.close();
    });

    it('streams depth, the candle of the chosen period and the indices', async () => {
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      for (const topic of ['depth:6758', 'candles:6758:5m', 'indices']) {
        c.send({ type: 'subscribe', topic });
        await c.next((x) => x.type === 'subscribed' && x.topic === topic);
      }
      await stepUntilTraded(h(), '6758');
      const depth = await c.next((x) => x.type === 'depth');
      const candle = await c.next((x) => x.type === 'candle');
      const indices = await c.next((x) => x.type === 'indices');
      expect(depth.type === 'depth' && depth.data.bids.length === 5 && depth.data.asks.length === 5).toBe(true);
      expect(
        candle.type === 'candle' &&
          candle.data.period === '5m' &&
          candle.data.candle.close === h().platform.market.snapshot.get('6758')!.state.last,
      ).toBe(true);
      expect(indices.type === 'indices' && indices.data.map((i) => i.code)).toEqual(['KSPW', 'KSCW']);
      expect(of(c.messages, 'quote')).toEqual([]);
      c.ws.close();
    });

    it('refuses unknown topics, symbols and periods with catalogued keys and keeps serving', async () => {
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      const cases: [string, string][] = [
        ['quotes:0000', errorKeys.market.unknownSymbol],
        ['quotes:ab', errorKeys.market.unknownSymbol],
        ['candles:7203:2h', errorKeys.market.unknownPeriod],
        ['candles:0000:1m', errorKeys.market.unknownSymbol],
        ['trades:7203', errorKeys.stream.unknownTopic],
        ['quotes:7203:extra', errorKeys.stream.unknownTopic],
      ];
      for (const [topic, key] of cases) {
        const before = of(c.messages, 'error').length;
        c.send({ type: 'subscribe', topic });
        await c.next(() => of(c.messages, 'error').length > before);
        expect(of(c.messages, 'error').at(-1)?.msg, topic).toBe(key);
      }
      c.send({ type: 'subscribe', topic: 'quotes:7203' });
      await c.next((x) => x.type === 'subscribed' && x.topic === 'quotes:7203');
      await stepUntilTraded(h(), '7203');
      await c.next((x) => x.type === 'quote');
      c.ws.close();
    });

    it('closes a socket that signs in with a forged token (visitors need no token: visitor-stream.test.ts)', async () => {
      const bad = await connect(server.url());
      bad.send({ type: 'auth', token: 'forged', account: '0800000000' });
      expect(await bad.closed).toBe(streamCloseCodes.unauthenticated);
    });

    it('after a reconnect, a resubscribed client gets the current sequence number and the ticks after it', async () => {
      const m = await h().member();
      const first = await signedIn(server.url(), m);
      first.send({ type: 'subscribe', topic: 'quotes:8306' });
      await first.next((x) => x.type === 'subscribed');
      await stepUntilTraded(h(), '8306');
      const seen = await first.next((x) => x.type === 'quote');
      first.ws.close();
      await first.closed;
      // Ticks while disconnected: the client will see the jump and refetch its snapshot.
      await stepUntilTraded(h(), '8306');
      const again = await signedIn(server.url(), m);
      again.send({ type: 'subscribe', topic: 'quotes:8306' });
      const sub = await again.next((x) => x.type === 'subscribed');
      expect(sub.type === 'subscribed' && seen.type === 'quote' && Number(sub.seq) > Number(seen.seq)).toBe(true);
      await stepUntilTraded(h(), '8306');
      const next = await again.next((x) => x.type === 'quote');
      expect(next.type === 'quote' && sub.type === 'subscribed' && Number(next.seq)).toBe(
        Number(sub.type === 'subscribed' ? sub.seq : 0) + 1,
      );
      again.send({ type: 'unsubscribe', topic: 'quotes:8306' });
      await again.next((x) => x.type === 'unsubscribed');
      const count = of(again.messages, 'quote').length;
      await stepUntilTraded(h(), '8306');
      await stepFeed(h(), 2);
      expect(of(again.messages, 'quote')).toHaveLength(count);
      again.ws.close();
    });

    it('caps the subscriptions of one socket', async () => {
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      const symbols = h()
        .platform.market.snapshot.all()
        .slice(0, 5)
        .map((e) => e.company.code);
      for (const s of symbols) {
        c.send({ type: 'subscribe', topic: `quotes:${s}` });
        await c.next((x) => x.type === 'subscribed' && x.topic === `quotes:${s}`);
      }
      c.send({ type: 'subscribe', topic: 'indices' });
      expect(await c.next((x) => x.type === 'error')).toEqual({
        type: 'error',
        msg: errorKeys.stream.tooManySubscriptions,
      });
      c.ws.close();
    });

    it('turns pages in lists: a page of topics off and the next on is two messages, answered topic by topic (issue 17 §2)', async () => {
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      const codes = h()
        .platform.market.snapshot.all()
        .map((e) => e.company.code);
      const page = (n: number) => codes.slice(n * 5, n * 5 + 5).map((code) => `quotes:${code}`);
      // Four page turns inside a second: eight messages, where one topic a message took forty (the guard allows 20).
      c.send({ type: 'subscribe', topics: page(0) });
      for (let n = 1; n <= 4; n += 1) {
        c.send({ type: 'unsubscribe', topics: page(n - 1) });
        c.send({ type: 'subscribe', topics: page(n) });
      }
      for (const topic of page(4)) await c.next((x) => x.type === 'subscribed' && x.topic === topic);
      expect(c.messages.filter((x) => x.type === 'subscribed')).toHaveLength(25);
      expect(c.messages.filter((x) => x.type === 'unsubscribed')).toHaveLength(20);
      expect(c.messages.filter((x) => x.type === 'error')).toEqual([]);
      // Over the cap inside one list: the topics that fit are followed, the rest refused with the key.
      c.send({ type: 'subscribe', topics: ['indices'] });
      expect(await c.next((x) => x.type === 'error')).toEqual({
        type: 'error',
        msg: errorKeys.stream.tooManySubscriptions,
      });
      // Either one topic or a list, never both, never empty or over the cap.
      for (const bad of [
        { type: 'subscribe', topic: 'indices', topics: ['indices'] },
        { type: 'subscribe', topics: [] },
        { type: 'unsubscribe' },
        { type: 'subscribe', topics: Array.from({ length: 17 }, () => 'indices') },
      ]) {
        c.send(bad);
        expect(await c.next((x) => x.type === 'error' && x.msg === errorKeys.stream.badMessage)).toBeDefined();
        c.messages.length = 0;
      }
      expect(c.ws.readyState).toBe(c.ws.OPEN);
      c.ws.close();
    });

    it('answers one socket’s messages in the order they came, so a list that waits on the database is not overtaken', async () => {
      // The member topic reads the member's last event number from the database; the unsubscribe sent right after
      // the list must find depth:7203 subscribed and leave the socket following nothing of it.
      const m = await h().member();
      const c = await signedIn(server.url(), m);
      c.send({ type: 'subscribe', topics: ['member', 'depth:7203'] });
      c.send({ type: 'unsubscribe', topics: ['depth:7203'] });
      await c.next((x) => x.type === 'unsubscribed' && x.topic === 'depth:7203');
      await c.next(() => of(c.messages, 'subscribed').length === 2);
      expect(c.messages.map((x) => `${x.type} ${'topic' in x ? x.topic : ''}`)).toEqual([
        'ready ',
        'subscribed member',
        'subscribed depth:7203',
        'unsubscribed depth:7203',
      ]);
      await stepUntilTraded(h(), '7203');
      await new Promise((r) => setTimeout(r, 200));
      expect(of(c.messages, 'depth')).toEqual([]);
      c.ws.close();
    });
  },
  { streamLimits: { maxSubscriptions: 5 } },
);
