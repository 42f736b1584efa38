import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '../session/session.store.ts';
import { openStream, type StreamClient, type TopicMessage } from './stream-client.ts';

const StreamContext = createContext<StreamClient | null>(null);

/** While a member is signed in, one stream connection serves every screen (member events, quotes on screen). */
export function StreamProvider({ children }: { children: ReactNode }) {
  const { token, account } = useSession();
  const [client, setClient] = useState<StreamClient | null>(null);
  useEffect(() => {
    if (!token || !account || typeof WebSocket === 'undefined') return;
    const opened = openStream({ token, account });
    setClient(opened);
    return () => {
      opened.close();
      setClient(null);
    };
  }, [token, account]);
  return <StreamContext.Provider value={client}>{children}</StreamContext.Provider>;
}

/**
 * Follows a topic while the calling screen is mounted (and signed in): messages in order to `onMessage`, and a
 * call to `onResync` when some may have been missed, so the screen refetches its snapshot. `null` follows nothing.
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
