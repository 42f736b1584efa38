import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { reRankMs, useLiveRanking } from './use-live-ranking.ts';

const quote = (symbol: string, changePercent: string): QuoteWire =>
  ({ symbol, changePercent, turnover: '0' }) as unknown as QuoteWire;
const symbols = (rows: readonly QuoteWire[] | undefined) => rows?.map((q) => q.symbol);

// Issue 16 §3.4: the rankings' figures tick live, so the order fetched with them goes stale within seconds.
describe('a ranked list put back in order from its live figures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const fetched = [quote('1001', '3.00'), quote('1002', '2.00'), quote('1003', '1.00')];

  it('re-ranks within a few seconds of a tick, and a gainer that fell to zero leaves the gainers', () => {
    const { result } = renderHook(() => useLiveRanking(fetched, 'gainers'));
    expect(symbols(result.current.rows)).toEqual(['1001', '1002', '1003']);

    act(() => {
      result.current.report(quote('1003', '4.50'));
      result.current.report(quote('1001', '0.00'));
    });
    expect(symbols(result.current.rows)).toEqual(['1001', '1002', '1003']);
    expect(result.current.reranks).toBe(0);
    act(() => void vi.advanceTimersByTime(reRankMs));
    expect(symbols(result.current.rows)).toEqual(['1003', '1002']);
    expect(result.current.reranks).toBe(1);
    // The rows are still the fetched objects (each row keeps its own live state), only their order changes.
    expect(result.current.rows?.[0]).toBe(fetched[2]);
  });

  it('shows a new fetch in the server’s order until the next re-rank', () => {
    const { result, rerender } = renderHook(({ quotes }) => useLiveRanking(quotes, 'losers'), {
      initialProps: { quotes: [quote('2001', '-1.00'), quote('2002', '-0.50')] },
    });
    act(() => result.current.report(quote('2002', '-3.00')));
    act(() => void vi.advanceTimersByTime(reRankMs));
    expect(symbols(result.current.rows)).toEqual(['2002', '2001']);
    const refetched = [quote('2003', '-5.00'), quote('2001', '-1.00')];
    rerender({ quotes: refetched });
    expect(symbols(result.current.rows)).toEqual(['2003', '2001']);
  });

  it('leaves an unordered list (a watchlist) as fetched', () => {
    const { result } = renderHook(() => useLiveRanking(fetched, undefined));
    act(() => result.current.report(quote('1003', '9.00')));
    act(() => void vi.advanceTimersByTime(reRankMs * 2));
    expect(result.current.rows).toBe(fetched);
  });
});
