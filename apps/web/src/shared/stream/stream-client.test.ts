import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';
import {
  heartbeatAnswerMs,
  heartbeatIdleMs,
  maxTopicsPerSocket,
  openStream,
  restartReconnectMs,
  type TopicListener,
} from './stream-client.ts';

const latest = () => FakeSocket.made[FakeSocket.made.length - 1] as FakeSocket;
const client = () =>
  openStream({
    token: 't0k3n',
    account: '0800000001',
    url: 'ws://test/api/vue/stream',
    createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
  });
const listener = () => ({
  onMessage: vi.fn<TopicListener['onMessage']>(),
  onResync: vi.fn<TopicListener['onResync']>(),
});
const quote = (seq: string, last = '2500') => ({
  type: 'quote',
  topic: 'quotes:7203',
  seq,
  data: { symbol: '7203', last },
});
/** The client sends the topics a render changed together, once the render's synchronous work is done. */
const flushed = () => Promise.resolve();
const connected = () => {
  const s = latest();
  s.onopen?.();
  s.say({ type: 'ready' });
  return s;
};

describe('the stream client: market topics on screen (issue 7)', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes once per topic however many screens listen, and unsubscribes when the last one leaves', async () => {
    const stream = client();
    const early = stream.listen('quotes:7203', listener());
    const s = connected();
    const again = stream.listen('quotes:7203', listener());
    await flushed();
    expect(s.subscriptions()).toEqual(['subscribe quotes:7203']);
    early();
    await flushed();
    expect(s.subscriptions()).toEqual(['subscribe quotes:7203']);
    again();
    await flushed();
    expect(s.subscriptions()).toEqual(['subscribe quotes:7203', 'unsubscribe quotes:7203']);
  });

  it('turns a page of twelve rows in two messages, not twenty-four (issue 17 §2)', async () => {
    const stream = client();
    const page = (from: number) =>
      Array.from({ length: 12 }, (_, i) => stream.listen(`quotes:${String(from + i)}`, listener()));
    const first = page(1000);
    const s = connected();
    await flushed();
    for (const off of first) off();
    page(2000);
    await flushed();
    expect(s.topicMessages()).toHaveLength(3);
    expect(s.topicMessages().at(1)).toEqual({
      type: 'unsubscribe',
      topics: Array.from({ length: 12 }, (_, i) => `quotes:${String(1000 + i)}`),
    });
    expect(s.topicMessages().at(2)?.topics).toHaveLength(12);
  });

  it('passes ticks on in sequence, and after a gap asks for a refetch instead', () => {
    const stream = client();
    const l = listener();
    stream.listen('quotes:7203', l);
    const s = connected();
    s.say({ type: 'subscribed', topic: 'quotes:7203', seq: '10' });
    s.say(quote('11'));
    s.say(quote('13'));
    s.say(quote('14', '2501'));
    expect(l.onMessage.mock.calls.map(([m]) => m.type === 'quote' && m.seq)).toEqual(['11', '14']);
    expect(l.onResync).toHaveBeenCalledOnce();
  });

  it('hands on a halt without counting it as a tick', () => {
    const stream = client();
    const l = listener();
    stream.listen('quotes:7203', l);
    const s = connected();
    s.say({ type: 'subscribed', topic: 'quotes:7203', seq: '10' });
    s.say({
      type: 'symbolStatus',
      topic: 'quotes:7203',
      data: { symbol: '7203', status: 'halted', reason: 'news pending' },
    });
    s.say(quote('11'));
    expect(l.onMessage).toHaveBeenCalledTimes(2);
    expect(l.onResync).not.toHaveBeenCalled();
  });

  it('after a reconnect resubscribes every topic on screen and asks for a refetch where ticks were missed', () => {
    const stream = client();
    const quotes = listener();
    const depth = listener();
    stream.listen('quotes:7203', quotes);
    stream.listen('depth:7203', depth);
    const first = connected();
    first.say({ type: 'subscribed', topic: 'quotes:7203', seq: '10' });
    first.say({ type: 'subscribed', topic: 'depth:7203', seq: '4' });
    first.close(1006);
    vi.advanceTimersByTime(1000);
    const second = connected();
    expect(second).not.toBe(first);
    expect(second.subscriptions()).toEqual(['subscribe quotes:7203', 'subscribe depth:7203']);
    second.say({ type: 'subscribed', topic: 'quotes:7203', seq: '15' });
    second.say({ type: 'subscribed', topic: 'depth:7203', seq: '4' });
    expect(quotes.onResync).toHaveBeenCalledOnce();
    expect(depth.onResync).not.toHaveBeenCalled();
  });

  it('pings a silent socket, keeps it when the server answers, and replaces it when nothing does (issue 17 §3)', () => {
    const stream = client();
    const quotes = listener();
    stream.listen('quotes:7203', quotes);
    const s = connected();
    s.say({ type: 'subscribed', topic: 'quotes:7203', seq: '10' });
    vi.advanceTimersByTime(heartbeatIdleMs);
    expect(s.sent.at(-1)).toEqual({ type: 'ping' });
    s.say({ type: 'pong' });
    vi.advanceTimersByTime(heartbeatAnswerMs);
    expect(FakeSocket.made).toHaveLength(1);
    // The network goes away without a close: the next ping (15 s after the pong) gets no answer within 5 s.
    vi.advanceTimersByTime(heartbeatIdleMs - 1);
    expect(s.sent.filter((m) => m.type === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(2);
    const again = connected();
    expect(again.subscriptions()).toEqual(['subscribe quotes:7203']);
    again.say({ type: 'subscribed', topic: 'quotes:7203', seq: '25' });
    expect(quotes.onResync).toHaveBeenCalledOnce();
    stream.close();
  });

  it('serves a signed-out visitor: market topics at once, no auth message, no member events (issue 17 §4)', async () => {
    const stream = openStream({
      url: 'ws://test/api/vue/stream',
      createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
    });
    const quotes = listener();
    stream.listen('quotes:7203', quotes);
    stream.listen('member', listener());
    const s = latest();
    s.onopen?.();
    stream.listen('indices', listener());
    await flushed();
    expect(s.sent.filter((m) => m.type === 'auth')).toEqual([]);
    expect(s.subscriptions()).toEqual(['subscribe quotes:7203', 'subscribe indices']);
    s.say({ type: 'subscribed', topic: 'quotes:7203', seq: '10' });
    s.say(quote('11'));
    expect(quotes.onMessage).toHaveBeenCalledOnce();
  });

  it('meets a server restart (close 1012) with a reconnect at a random moment within a few seconds, so the clients of a stopped process spread out (issue 17 §6)', () => {
    const random = vi.spyOn(Math, 'random');
    const early = client();
    early.listen('quotes:7203', listener());
    const earlySocket = connected();
    const late = client();
    late.listen('indices', listener());
    const lateSocket = connected();
    random.mockReturnValueOnce(0.1);
    earlySocket.close(1012);
    random.mockReturnValueOnce(0.9);
    lateSocket.close(1012);
    vi.advanceTimersByTime(0.1 * restartReconnectMs);
    expect(FakeSocket.made).toHaveLength(3);
    expect(connected().subscriptions()).toEqual(['subscribe quotes:7203']);
    vi.advanceTimersByTime(0.8 * restartReconnectMs - 1);
    expect(FakeSocket.made).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(4);
    random.mockRestore();
    early.close();
    late.close();
  });

  it(`asks for no more than the server's ${String(maxTopicsPerSocket)} topics on one socket`, async () => {
    const stream = client();
    for (let i = 0; i < maxTopicsPerSocket + 2; i += 1) stream.listen(`quotes:${String(1000 + i)}`, listener());
    const s = connected();
    await flushed();
    expect(s.subscriptions()).toHaveLength(maxTopicsPerSocket);
  });

  it('opens no socket until a screen follows a topic, so the sign-in screens open none', () => {
    const stream = client();
    expect(FakeSocket.made).toHaveLength(0);
    stream.listen('member', listener());
    expect(FakeSocket.made).toHaveLength(1);
    stream.listen('quotes:7203', listener());
    expect(FakeSocket.made).toHaveLength(1);
    stream.close();
  });
});
