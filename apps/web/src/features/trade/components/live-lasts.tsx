import { useCallback, useState } from 'react';
import type { SymbolStatus } from '@kabuto/contracts/market/fields';
import type { QuoteUpdate } from '@kabuto/contracts/stream/messages';
import type { Touch } from '@kabuto/domain/trading/position';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';

/**
 * At most this many stocks are followed live on one screen (one `depth:<code>` topic each): the stream takes 16 topics
 * a socket (the member topic and the bottom of a long list would go past it); positions beyond keep the server's
 * figures until the next fetch.
 */
export const MAX_LIVE_SYMBOLS = 12;

/** The latest traded price per stock, as the `quotes:<code>` topics bring it. */
export function useLiveLasts(): {
  lasts: Readonly<Record<string, string>>;
  onLast: (symbol: string, last: string) => void;
} {
  const [lasts, setLasts] = useState<Readonly<Record<string, string>>>({});
  const onLast = useCallback(
    (symbol: string, last: string) =>
      setLasts((current) => (current[symbol] === last ? current : { ...current, [symbol]: last })),
    [],
  );
  return { lasts, onLast };
}

/**
 * The top of each stock's book, as the `depth:<code>` topics bring it: the bid a long closes at and the ask a short
 * buys back at — the price the server values and closes a position at (its `touch` is the top of the same ladder).
 */
export function useLiveTouches(): {
  touches: Readonly<Record<string, Touch>>;
  onTouch: (symbol: string, touch: Touch) => void;
} {
  const [touches, setTouches] = useState<Readonly<Record<string, Touch>>>({});
  const onTouch = useCallback(
    (symbol: string, touch: Touch) =>
      setTouches((current) => {
        const was = current[symbol];
        return was?.bid === touch.bid && was.ask === touch.ask ? current : { ...current, [symbol]: touch };
      }),
    [],
  );
  return { touches, onTouch };
}

/** Follows one stock's book while mounted (draws nothing); a side with no level keeps the last touch; a gap refetches. */
export function DepthFollower({
  symbol,
  onTouch,
  onResync,
}: {
  symbol: string;
  onTouch: (symbol: string, touch: Touch) => void;
  onResync: () => void;
}) {
  useStreamTopic(
    `depth:${symbol}`,
    (m) => {
      if (m.type !== 'depth') return;
      const bid = m.data.bids[0]?.price;
      const ask = m.data.asks[0]?.price;
      if (bid !== undefined && ask !== undefined) onTouch(symbol, { bid, ask });
    },
    onResync,
  );
  return null;
}

/** Follows one stock's quotes while mounted (draws nothing); a gap asks the screen to refetch. */
export function QuoteFollower({
  symbol,
  onLast,
  onQuote,
  onStatus,
  onResync,
}: {
  symbol: string;
  onLast?: (symbol: string, last: string) => void;
  onQuote?: (quote: QuoteUpdate) => void;
  onStatus?: (status: SymbolStatus) => void;
  onResync: () => void;
}) {
  useStreamTopic(
    `quotes:${symbol}`,
    (m) => {
      if (m.type === 'quote') {
        onLast?.(symbol, m.data.last);
        onQuote?.(m.data);
      } else if (m.type === 'symbolStatus') onStatus?.(m.data.status);
    },
    onResync,
  );
  return null;
}
