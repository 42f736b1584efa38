import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';
import { openStream, streamUrl } from './stream-client.ts';

/** The member's own events (topic `member`), as the app shell follows them. */
const open = (handlers: { onEvent?: (e: unknown) => void; onResync?: () => void } = {}) => {
  const stream = openStream({
    token: 't0k3n',
    account: '0800000001',
    url: 'ws://test/api/vue/stream',
    createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
  });
  stream.listen('member', {
    onMessage: (m) => {
      if (m.type === 'event') (handlers.onEvent ?? (() => {}))(m.event);
    },
    onResync: handlers.onResync ?? (() => {}),
  });
  return stream;
};

describe('the member stream client', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('authenticates with its first message (not the URL), then subscribes to member events', () => {
    open();
    const s = FakeSocket.made[0] as FakeSocket;
    expect(s.url).toBe('ws://test/api/vue/stream');
    s.onopen?.();
    expect(s.sent).toEqual([{ type: 'auth', token: 't0k3n', account: '0800000001' }]);
    s.say({ type: 'ready' });
    expect(s.sent[1]).toEqual({ type: 'subscribe', topics: ['member'] });
  });

  it('passes on events in sequence and asks for a refetch after a gap', () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    open({ onEvent, onResync });
    const s = FakeSocket.made[0] as FakeSocket;
    s.onopen?.();
    s.say({ type: 'ready' });
    s.say({ type: 'subscribed', topic: 'member', seq: '7' });
    s.say({
      type: 'event',
      topic: 'member',
      seq: '9',
      prevSeq: '7',
      event: { type: 'funds.depositDecided', payload: { status: 'approved' } },
    });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onResync).not.toHaveBeenCalled();
    // Event 12's predecessor was 11, which never arrived here.
    s.say({
      type: 'event',
      topic: 'member',
      seq: '12',
      prevSeq: '11',
      event: { type: 'funds.withdrawalDecided', payload: {} },
    });
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('reconnects with a growing wait, resubscribes and refetches what it may have missed', () => {
    const onResync = vi.fn();
    open({ onResync });
    const first = FakeSocket.made[0] as FakeSocket;
    first.onopen?.();
    first.say({ type: 'ready' });
    first.say({ type: 'subscribed', topic: 'member', seq: '3' });
    first.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.made[1] as FakeSocket;
    second.onopen?.();
    second.say({ type: 'ready' });
    second.say({ type: 'subscribed', topic: 'member', seq: '5' });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('stops for good when closed, and does not retry a refused session', () => {
    const stream = open();
    const s = FakeSocket.made[0] as FakeSocket;
    s.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    stream.close();
  });

  it('uses wss on https pages', () => {
    expect(streamUrl({ protocol: 'https:', host: 'kabuto.example' })).toBe('wss://kabuto.example/api/vue/stream');
    expect(streamUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/vue/stream');
  });
});
