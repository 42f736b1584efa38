import { useEffect, useState } from 'react';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';

/** The figures a tick changes; the rest of a quote (names, sector) stays as fetched. */
type LiveFields = Pick<
  QuoteWire,
  | 'last'
  | 'prevClose'
  | 'change'
  | 'changePercent'
  | 'open'
  | 'high'
  | 'low'
  | 'volume'
  | 'turnover'
  | 'limitUp'
  | 'limitDown'
  | 'tickSize'
  | 'day'
  | 'status'
>;

/**
 * A fetched quote kept current by its `quotes:<symbol>` topic while the caller is on screen (visitors too, issue 17
 * §4). A new fetch replaces what the stream brought; after a gap `onResync` refetches.
 */
export function useLiveQuote<Q extends LiveFields & { symbol: string; statusReason?: string | null }>(
  fetched: Q,
  onResync: () => void,
): Q {
  const [live, setLive] = useState(fetched);
  useEffect(() => setLive(fetched), [fetched]);
  useStreamTopic(
    `quotes:${fetched.symbol}`,
    (m) => {
      if (m.type === 'quote') {
        const { symbol: _symbol, source: _source, at: _at, ...figures } = m.data;
        setLive((current) => ({ ...current, ...figures }));
      } else if (m.type === 'symbolStatus') {
        setLive((current) => ({ ...current, status: m.data.status, statusReason: m.data.reason }));
      }
    },
    onResync,
  );
  return live;
}

/** True for a moment after `value` changes, so the cell can flash (UX "Visual language"). */
export function useFlash(value: string, ms = 600): boolean {
  const [flashing, setFlashing] = useState(false);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setFlashing(true);
  }
  useEffect(() => {
    if (!flashing) return;
    const timer = setTimeout(() => setFlashing(false), ms);
    return () => clearTimeout(timer);
  }, [flashing, value, ms]);
  return flashing;
}
