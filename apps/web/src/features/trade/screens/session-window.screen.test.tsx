import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AfterHoursScreen, PreMarketScreen } from './session-window.screen.tsx';
import { fetchMarketStatus, fetchPreOpen, type PreOpenBook } from '../api/trade.api.ts';
import type * as TradeApi from '../api/trade.api.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/trade.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TradeApi>()),
  fetchMarketStatus: vi.fn(),
  fetchPreOpen: vi.fn(),
}));

const status = (profile: 'demo' | 'tse') => ({
  profile,
  open: false,
  phase: 'closed' as const,
  nextOpen: null,
  source: 'simulated' as const,
  now: new Date().toISOString(),
  orderWindow: { kind: 'open' as const, opensAt: null, sessionDay: null, newDay: false },
});

const book = (kind: 'preOpen' | 'afterHours', indicative: string | null): PreOpenBook => ({
  profile: 'tse',
  window: { kind, opensAt: '2026-11-30T00:00:00.000Z', sessionDay: '2026-11-30', newDay: true },
  items: [
    {
      symbol: '7203',
      names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
      last: '3000',
      prevClose: '2990',
      change: '10',
      changePercent: '0.33',
      status: 'listed',
      limitUp: '3500',
      limitDown: '2500',
      queuedBuy: '300',
      queuedSell: '0',
      indicative,
      indicativeShares: indicative === null ? '0' : '300',
    },
  ],
});

const renderScreen = (Screen: () => React.JSX.Element) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Screen />
    </QueryClientProvider>,
  );

describe('pre-market and after-hours screens (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['trade']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.clearAllMocks();
  });

  it('under tse before the open: the session the orders are for, and the indicative opening price', async () => {
    // Monday 30 November 2026, 08:30 JST: the pre-opening session.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T23:30:00Z'));
    vi.mocked(fetchMarketStatus).mockResolvedValue(status('tse'));
    vi.mocked(fetchPreOpen).mockResolvedValue(book('preOpen', '3010'));
    renderScreen(PreMarketScreen);
    await waitFor(() => expect(screen.getByTestId('session-window-now-preOpen').textContent).toContain('2026-11-30'));
    await waitFor(() =>
      expect(screen.getByTestId('session-window-indicative-7203').textContent).toBe('3,010.00 (300 shares)'),
    );
    expect(screen.getByTestId('session-window-book').textContent).toContain('Buy 300 / Sell 0 shares');
  });

  it('after hours under tse: orders for the next session; no cross shows no indicative price', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:00:00Z'));
    vi.mocked(fetchMarketStatus).mockResolvedValue(status('tse'));
    vi.mocked(fetchPreOpen).mockResolvedValue(book('afterHours', null));
    renderScreen(PreMarketScreen);
    await waitFor(() => expect(screen.getByTestId('session-window-now-afterHours')).toBeTruthy());
    await waitFor(() =>
      expect(screen.getByTestId('session-window-indicative-7203').textContent).toMatch(/no buy meets a sell/),
    );
  });

  it('under demo: the market is always open', async () => {
    vi.mocked(fetchMarketStatus).mockResolvedValue(status('demo'));
    vi.mocked(fetchPreOpen).mockResolvedValue(book('afterHours', null));
    renderScreen(AfterHoursScreen);
    await waitFor(() => expect(screen.getByTestId('session-window-demo').textContent).toMatch(/always open/));
  });
});
