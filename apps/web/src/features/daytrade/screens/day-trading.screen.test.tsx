import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DayTradingScreen } from './day-trading.screen.tsx';
import { applyQuota, fetchOverview, type DayTradeOverview } from '../api/daytrade.api.ts';
import type * as DayTradeApi from '../api/daytrade.api.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/daytrade.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof DayTradeApi>()),
  fetchOverview: vi.fn(),
  applyQuota: vi.fn(),
}));

const none: DayTradeOverview = {
  inForce: null,
  pending: null,
  used: '0',
  remaining: '0',
  openTrades: 0,
  cutOff: '15:30',
  nextCutOffAt: '2026-11-27T06:30:00.000Z',
  profile: 'demo',
  maxQuota: '1000000000',
};

function renderScreen(o: DayTradeOverview) {
  vi.mocked(fetchOverview).mockResolvedValue(o);
  window.location.hash = '#/common/dayTrading';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DayTradingScreen />
    </QueryClientProvider>,
  );
}

describe('day trading (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['daytrade']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('says the demo market never closes but day trades close at the cut-off; refuses a bad quota without sending', async () => {
    renderScreen(none);
    expect((await screen.findByTestId('dt-cutoff-notice')).textContent).toMatch(/never closes.*15:30/);
    const input = screen.getByTestId('dt-amount');
    for (const bad of ['0', '1000000001']) {
      fireEvent.change(input, { target: { value: bad } });
      expect(screen.getByTestId('dt-apply-error').textContent).toBe('Enter a quota in whole yen above zero.');
      expect((screen.getByTestId('dt-apply') as HTMLButtonElement).disabled).toBe(true);
    }
    expect(vi.mocked(applyQuota)).not.toHaveBeenCalled();
  });

  it('applies with an idempotency key after restating the quota', async () => {
    vi.mocked(applyQuota).mockImplementation(() => new Promise(() => {}));
    renderScreen(none);
    fireEvent.change(await screen.findByTestId('dt-amount'), { target: { value: '500000' } });
    fireEvent.click(screen.getByTestId('dt-apply'));
    expect((await screen.findByTestId('dt-apply-sheet-headline')).textContent).toBe('¥500,000.00');
    fireEvent.click(screen.getByTestId('dt-apply-sheet-confirm'));
    await waitFor(() => expect(vi.mocked(applyQuota)).toHaveBeenCalledTimes(1));
    const [amount, headers] = vi.mocked(applyQuota).mock.calls[0] ?? [];
    expect(amount).toBe('500000');
    expect(headers?.['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('shows the quota in progress with what is used and left, and opens the ticket in day-trade mode', async () => {
    renderScreen({
      ...none,
      inForce: {
        id: 'q1',
        orderNo: 'Q20261127100000123456',
        quota: '600000',
        status: 'approved',
        state: 'inProgress',
        remarks: 'ok',
        createdAt: '2026-11-27T01:00:00.000Z',
        decidedAt: '2026-11-27T01:05:00.000Z',
        endedAt: null,
      },
      used: '287850',
      remaining: '312150',
      openTrades: 1,
    });
    expect((await screen.findByTestId('dt-remaining')).textContent).toBe('¥312,150.00');
    expect(screen.getByTestId('dt-used').textContent).toBe('¥287,850.00');
    expect(screen.getByTestId('dt-state').textContent).toBe('In progress');
    fireEvent.click(screen.getByTestId('dt-to-ticket'));
    expect(window.location.hash).toBe('#/market/marketBuy?symbol=7203&side=long&dayTrade=1');
  });
});
