import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StockDetailScreen } from './stock-detail.screen.tsx';
import { fetchCandles, fetchStockDetail, type StockDetail } from '../api/market.api.ts';
import type * as MarketApi from '../api/market.api.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';

vi.mock('../api/market.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof MarketApi>()),
  fetchStockDetail: vi.fn(),
  fetchCandles: vi.fn(async (symbol: string, period: string) => ({ symbol, period, source: 'simulated', candles: [] })),
  fetchMarketStatus: vi.fn(() => new Promise(() => {})),
  fetchWatchlist: vi.fn(async () => []),
}));

const level = (price: string, quantity: number) => ({ price, quantity });

function stock(symbol: string, en: string, last: string, bid: string, extra: Partial<StockDetail> = {}): StockDetail {
  return {
    symbol,
    names: { jp: en, en, tw: en },
    sectorCode: '3700',
    sector: 'Transportation Equipment',
    topix500: true,
    status: 'listed',
    statusReason: null,
    last,
    prevClose: last,
    change: '0',
    changePercent: '0.00',
    open: last,
    high: last,
    low: last,
    volume: 1000,
    turnover: '1000000',
    limitUp: last,
    limitDown: last,
    tickSize: '1',
    day: '2026-05-11',
    seq: '1',
    source: 'simulated',
    depth: { bids: [level(bid, 300)], asks: [level(last, 200)] },
    ...extra,
  };
}

const stocks: Record<string, StockDetail> = {
  '7203': stock('7203', 'Toyota Motor', '2801', '2800'),
  '6758': stock('6758', 'Sony Group', '3402', '3401'),
};
const unknown = new ApiError('refusal', 'errors.market.unknownSymbol', 404);
const knownOnly = async (symbol: string) => {
  const found = stocks[symbol];
  if (!found) throw unknown;
  return found;
};

function renderScreen() {
  // No automatic retries with a delay in a test: the screen's own policy decides whether to retry at all.
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <StockDetailScreen />
    </QueryClientProvider>,
  );
}

/** What an edited hash, back/forward or a deep link within the tab does: the address changes, nothing else. */
async function goTo(symbol: string) {
  await act(async () => {
    window.location.hash = `#/market/marketDetail?symbol=${symbol}`;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const shown = () => screen.getByTestId('stock-detail');
/** A figure as a number, however it is written (the figures' format is not this test's subject). */
const valueOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('stock detail (issue 16 §3)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['market']);
  });

  beforeEach(() => {
    window.location.hash = '#/market/marketDetail?symbol=7203';
    vi.mocked(fetchStockDetail).mockImplementation(knownOnly);
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the stock the address names when only the address changes, and clears not-found for a known code', async () => {
    renderScreen();
    await waitFor(() => expect(shown().dataset.symbol).toBe('7203'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Toyota Motor');
    // State of the first stock's screen (here the chart's period) must not carry over to the next code.
    fireEvent.click(screen.getByTestId('period-1d').querySelector('input') as HTMLInputElement);
    await waitFor(() => expect(screen.getByTestId('chart-area').dataset.period).toBe('1d'));

    await goTo('6758');
    await waitFor(() => expect(shown().dataset.symbol).toBe('6758'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Sony Group');
    expect(valueOf(screen.getByTestId('stock-last').textContent)).toBe(3402);
    const bestBid = screen.getAllByTestId('depth-bid')[0]?.querySelector('.depth__price');
    expect(valueOf(bestBid?.textContent ?? null)).toBe(3401);
    expect(screen.getByTestId('chart-area').dataset.period).toBe('5m');
    expect(fetchCandles).toHaveBeenLastCalledWith('6758', '5m', expect.anything());

    // Back to a code already fetched: its cached figures show at once, and still nothing of 6758 stays.
    fireEvent.click(screen.getByTestId('period-1w').querySelector('input') as HTMLInputElement);
    await waitFor(() => expect(screen.getByTestId('chart-area').dataset.period).toBe('1w'));
    await goTo('7203');
    await waitFor(() => expect(shown().dataset.symbol).toBe('7203'));
    expect(valueOf(screen.getByTestId('stock-last').textContent)).toBe(2801);
    expect(screen.getByTestId('chart-area').dataset.period).toBe('5m');

    await goTo('ZZZZ');
    await screen.findByTestId('stock-missing');
    expect(screen.queryByTestId('stock-detail')).toBeNull();

    await goTo('7203');
    await waitFor(() => expect(shown().dataset.symbol).toBe('7203'));
    expect(screen.queryByTestId('stock-missing')).toBeNull();
  });

  it('shows a halted stock’s halt and reason instead of its depth ladder', async () => {
    vi.mocked(fetchStockDetail).mockResolvedValue(
      stock('7203', 'Toyota Motor', '2801', '2800', { status: 'halted', statusReason: 'Pending announcement' }),
    );
    renderScreen();
    const closed = await screen.findByTestId('depth-closed');
    expect(closed.textContent).toContain('Trading halted');
    expect(closed.textContent).toContain('Pending announcement');
    expect(screen.queryByTestId('depth-ladder')).toBeNull();
  });

  it('shows the depth ladder of a listed stock', async () => {
    renderScreen();
    await screen.findByTestId('depth-ladder');
    expect(screen.queryByTestId('depth-closed')).toBeNull();
  });

  it.each([
    ['too frequent (429)', new ApiError('refusal', 'errors.process.tooFrequent', 429), /too many requests/i],
    ['busy', new ApiError('refusal', 'errors.process.busy', 409), /busy/i],
    ['a server error', new ApiError('http', 'notice.requestFailed', 502), /busy/i],
    ['no connection', new ApiError('network', 'notice.network', null), /connection/i],
    ['a timeout', new ApiError('timeout', 'notice.timeout', null), /connection/i],
  ])('says %s is not "not found" and loads the stock on retry', async (_name, error, text) => {
    vi.mocked(fetchStockDetail).mockRejectedValue(error);
    renderScreen();
    const failed = await screen.findByTestId('stock-failed');
    expect(failed.textContent).toMatch(text);
    expect(screen.queryByTestId('stock-missing')).toBeNull();

    vi.mocked(fetchStockDetail).mockImplementation(knownOnly);
    fireEvent.click(screen.getByTestId('stock-failed-retry'));
    await waitFor(() => expect(shown().dataset.symbol).toBe('7203'));
    expect(screen.queryByTestId('stock-failed')).toBeNull();
  });

  it('says not found only for an unknown code', async () => {
    window.location.hash = '#/market/marketDetail?symbol=ZZZZ';
    renderScreen();
    await screen.findByTestId('stock-missing');
    expect(screen.getByText('Stock not found')).toBeTruthy();
    expect(screen.queryByTestId('stock-failed')).toBeNull();
  });
});
