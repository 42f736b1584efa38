import { useCallback, useState } from 'react';
import type { SymbolStatus } from '@kabuto/contracts/market/fields';
import type { QuoteUpdate } from '@kabuto/contracts/stream/messages';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';

/**
 * At most this many stocks are followed live on one screen: the stream takes 16 topics a socket (the member topic
 * and the bottom of a long list would go past it); positions beyond keep the server's figures until the next fetch.
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
