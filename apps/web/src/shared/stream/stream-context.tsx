import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '../session/session.store.ts';
import { openStream, type StreamClient, type TopicMessage } from './stream-client.ts';

const StreamContext = createContext<StreamClient | null>(null);

/**
 * One stream connection serves every screen: a visitor's carries the market topics on screen (issue 17 §4), a
 * signed-in member's their events too. Signing in or out replaces it; the socket itself opens when a screen first
 * follows a topic, so the sign-in screens open none.
 */
export function StreamProvider({ children }: { children: ReactNode }) {
  const { token, account } = useSession();
  const [client, setClient] = useState<StreamClient | null>(null);
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const opened = openStream(token && account ? { token, account } : {});
    setClient(opened);
    return () => {
      opened.close();
      setClient(null);
    };
  }, [token, account]);
  return <StreamContext.Provider value={client}>{children}</StreamContext.Provider>;
}

/**
 * Follows a topic while the calling screen is mounted: messages in order to `onMessage`, and a
 * call to `onResync` when some may have been missed, so the screen refetches its snapshot. `null` follows nothing, and
 * so does `member` for a visitor.
 */
export function useStreamTopic(topic: string | null, onMessage: (m: TopicMessage) => void, onResync: () => void): void {
  const client = useContext(StreamContext);
  // The latest callbacks, without resubscribing on every render.
  const handlers = useRef({ onMessage, onResync });
  handlers.current = { onMessage, onResync };
  useEffect(() => {
    if (!client || !topic) return;
    return client.listen(topic, {
      onMessage: (m) => handlers.current.onMessage(m),
      onResync: () => handlers.current.onResync(),
    });
  }, [client, topic]);
}
