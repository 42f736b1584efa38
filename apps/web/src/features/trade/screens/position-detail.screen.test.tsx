import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PositionDetailScreen } from './position-detail.screen.tsx';
import {
  addMargin,
  fetchAssets,
  fetchMarketStatus,
  fetchPositionDetail,
  type Assets,
  type PositionDetail,
} from '../api/trade.api.ts';
import type * as TradeApi from '../api/trade.api.ts';
import { holdingPosition } from '../position.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/trade.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TradeApi>()),
  fetchPositionDetail: vi.fn(),
  fetchAssets: vi.fn(),
  fetchMarketStatus: vi.fn(),
  addMargin: vi.fn(),
}));

const holding: PositionDetail = {
  ...holdingPosition({
    side: 'short',
    sellingFee: '300',
    marketPrice: '3001',
    marketValue: '300100',
    netPnl: '-700',
    marginCallPrice: '3750',
  }),
  entries: [],
};

const assets: Assets = {
  currency: 'JPY',
  totalAssets: '250000',
  available: '100000',
  frozen: '0',
  profit: '0',
  balances: [],
  realNameStatus: 'verified',
};

function renderDetail() {
  window.location.hash = '#/position/positionDetail?orderNo=T1';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PositionDetailScreen />
    </QueryClientProvider>,
  );
}

/** Types an amount, leaves the field, and presses "Add margin". */
async function addAmount(text: string) {
  const field = await screen.findByTestId('pd-margin-amount');
  await waitFor(() => expect(screen.getByText(/Available now/)).toBeTruthy());
  fireEvent.change(field, { target: { value: text } });
  fireEvent.click(screen.getByTestId('pd-margin-submit'));
}

describe('the position detail (issue 24)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['trade', 'funds']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  beforeEach(() => {
    vi.mocked(fetchPositionDetail).mockResolvedValue(holding);
    vi.mocked(fetchAssets).mockResolvedValue(assets);
    vi.mocked(fetchMarketStatus).mockResolvedValue({
      profile: 'demo',
      open: true,
      phase: 'continuous',
      nextOpen: null,
      source: 'simulated',
      now: '2026-11-25T01:00:00.000Z',
    });
    vi.mocked(addMargin).mockImplementation(() => new Promise(() => {}));
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('refuses a pasted "10,000.50" with a reason instead of adding ¥1,000,050, and opens nothing', async () => {
    renderDetail();
    await addAmount('10,000.50');
    expect(screen.getByTestId('pd-margin-problem').textContent).toBe(
      'Enter whole yen: this amount has a fraction of a yen.',
    );
    expect((screen.getByTestId('pd-margin-amount') as HTMLInputElement).value).toBe('10,000.50');
    expect(screen.queryByTestId('margin-sheet-confirm')).toBeNull();
    expect(vi.mocked(addMargin).mock.calls).toEqual([]);
  });

  it('refuses more than is available beside the field, without sending', async () => {
    renderDetail();
    await addAmount('100001');
    expect(screen.getByTestId('pd-margin-problem').textContent).toBe(
      'That is more than your available funds (¥100,000.00).',
    );
    expect(screen.queryByTestId('margin-sheet-confirm')).toBeNull();
    expect(vi.mocked(addMargin).mock.calls).toEqual([]);
  });

  it('reads full-width digits and sends the amount as read', async () => {
    renderDetail();
    await addAmount('１０，０００');
    expect((await screen.findByTestId('margin-sheet-headline')).textContent).toContain('10,000.00');
    expect(screen.getByTestId('margin-sheet-headline-label').textContent).toBe('Margin to add');
    fireEvent.click(screen.getByTestId('margin-sheet-confirm'));
    await waitFor(() =>
      expect(vi.mocked(addMargin).mock.calls).toEqual([['T1', '10000', { 'Idempotency-Key': expect.any(String) }]]),
    );
  });

  it('names a short’s fees as a short sale and a buy-back, and says the prices are simulated', async () => {
    renderDetail();
    const figures = await screen.findByTestId('pd-figures');
    expect(figures.textContent).toContain('Short-sale fee');
    expect(figures.textContent).toContain('Buy-back fee');
    expect(figures.textContent).not.toMatch(/Purchase fee|Selling fee/);
    expect((await screen.findByTestId('pd-source')).textContent).toBe('Simulated prices');
  });

  it('offers to keep the order, not a second "cancel", on the cancel sheet', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue({
      ...holding,
      status: 'pending',
      type: 'limit',
      limitPrice: '3000',
      openPrice: null,
      openedAt: null,
      held: '150300',
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('pd-cancel'));
    expect((await screen.findByTestId('cancel-sheet-cancel')).textContent).toBe('Keep the order');
    expect(screen.getByTestId('cancel-sheet-headline-label').textContent).toBe('Returned to available');
  });
});
