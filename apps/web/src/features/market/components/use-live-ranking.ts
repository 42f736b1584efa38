import { useCallback, useEffect, useRef, useState } from 'react';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { rankQuotes, type ListOrder } from '@kabuto/domain/market/ranking';

/** How often a ranked list is put back in order from the live figures: often enough to stay right, seldom enough to tap. */
export const reRankMs = 2000;

/**
 * A fetched list kept in `order` while its rows tick (issue 16 §3.4): each row reports its live quote through
 * `report`, and every `reRankMs` the rows are re-ranked with the server's own rule (`rankQuotes`), so a gainer that
 * fell to zero leaves the gainers. A new fetch shows the server's order until the next re-rank. Without an order
 * the rows stay as fetched. `reranks` counts the re-ranks (the list writes it out, so a browser test can read the
 * rows just as they were put in order).
 */
export function useLiveRanking(
  quotes: readonly QuoteWire[] | undefined,
  order: ListOrder | undefined,
): { rows: readonly QuoteWire[] | undefined; report: (live: QuoteWire) => void; reranks: number } {
  const live = useRef(new Map<string, QuoteWire>());
  const [ranked, setRanked] = useState<{ of: readonly QuoteWire[]; symbols: readonly string[]; count: number } | null>(
    null,
  );
  const report = useCallback((quote: QuoteWire) => void live.current.set(quote.symbol, quote), []);

  useEffect(() => {
    if (!quotes || !order || order === 'code') return;
    const timer = setInterval(() => {
      const current = quotes.map((q) => live.current.get(q.symbol) ?? q);
      const symbols = rankQuotes(current, order).map((q) => q.symbol);
      setRanked((before) => ({ of: quotes, symbols, count: (before?.count ?? 0) + 1 }));
    }, reRankMs);
    return () => clearInterval(timer);
  }, [quotes, order]);

  const reranks = ranked?.count ?? 0;
  if (!quotes || !order || ranked?.of !== quotes) return { rows: quotes, report, reranks };
  const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
  return { rows: ranked.symbols.flatMap((s) => bySymbol.get(s) ?? []), report, reranks };
}
