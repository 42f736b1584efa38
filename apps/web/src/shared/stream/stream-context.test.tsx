import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { clearSession, signIn } from '../session/session.store.ts';
import { FakeSocket } from './fake-socket.ts';
import { StreamProvider, useStreamTopic } from './stream-context.tsx';

/** What the app shell shows on a market screen: a quote on screen, and the member events it always follows. */
function QuoteOnScreen() {
  useStreamTopic(
    'quotes:7203',
    () => {},
    () => {},
  );
  useStreamTopic(
    'member',
    () => {},
    () => {},
  );
  return null;
}

const latest = () => FakeSocket.made.at(-1) as FakeSocket;
/** The client sends the topics a render changed together, once the render's synchronous work is done. */
const flushed = () => act(() => Promise.resolve());

describe('the stream provider (issue 17 §4)', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    clearSession();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('gives a signed-out visitor live prices, and a signed-in socket with member events after signing in', async () => {
    render(
      <StreamProvider>
        <QuoteOnScreen />
      </StreamProvider>,
    );
    const visitor = latest();
    act(() => visitor.onopen?.());
    await flushed();
    expect(visitor.sent.filter((m) => m.type === 'auth')).toEqual([]);
    expect(visitor.subscriptions()).toEqual(['subscribe quotes:7203']);

    act(() => signIn({ token: 't0k3n', account: '0800000001', isAdmin: false }));
    const member = latest();
    expect(member).not.toBe(visitor);
    act(() => member.onopen?.());
    expect(member.sent).toEqual([{ type: 'auth', token: 't0k3n', account: '0800000001' }]);
    act(() => member.say({ type: 'ready' }));
    expect(member.subscriptions().sort()).toEqual(['subscribe member', 'subscribe quotes:7203']);
  });
});
