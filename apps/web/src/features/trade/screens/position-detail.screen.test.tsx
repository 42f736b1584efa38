import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
import type { TopicMessage } from '../../../shared/stream/stream-client.ts';

// The stream, by hand: a test sends a topic's message as the server would.
const streams = vi.hoisted(() => ({ listeners: new Map<string, (m: TopicMessage) => void>() }));
vi.mock('../../../shared/stream/stream-context.tsx', () => ({
  useStreamTopic: (topic: string | null, onMessage: (m: TopicMessage) => void) => {
    if (topic) streams.listeners.set(topic, onMessage);
  },
}));

/** The top of 7203's book moves (a `depth:7203` message). */
function bookMoves(bid: string, ask: string) {
  const listener = streams.listeners.get('depth:7203');
  if (!listener) throw new Error('the screen does not follow depth:7203');
  act(() =>
    listener({
      type: 'depth',
      topic: 'depth:7203',
      seq: '1',
      data: { symbol: '7203', bids: [{ price: bid, quantity: 100 }], asks: [{ price: ask, quantity: 100 }] },
    }),
  );
}

const long: PositionDetail = { ...holdingPosition(), entries: [] };

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
      orderWindow: { kind: 'open', opensAt: null, sessionDay: null, newDay: false },
      nextOpen: null,
      source: 'simulated',
      now: '2026-11-25T01:00:00.000Z',
    });
    vi.mocked(addMargin).mockImplementation(() => new Promise(() => {}));
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    streams.listeners.clear();
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
  it('values a long at the bid, and its close sheet shows the selling fee, other charges, result and money returned', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue(long);
    renderDetail();
    expect((await screen.findByTestId('pd-current')).textContent).toBe('2,999.00');
    expect(screen.getByTestId('pd-figures').textContent).toContain('Bid (closes at)');
    expect(screen.getByTestId('pd-headline').dataset.figure).toBe('unrealised');
    await waitFor(() => expect(screen.getByText(/Available now/)).toBeTruthy());
    fireEvent.click(screen.getByTestId('pd-close'));
    expect((await screen.findByTestId('close-sheet-headline-label')).textContent).toBe(
      'Result after fees and charges if closed now',
    );
    expect(screen.getByTestId('close-sheet-headline').textContent).toContain('700.00');
    expect(screen.getByTestId('close-sheet-price').textContent).toBe('2,999.00');
    expect(screen.getByTestId('close-sheet-selling-fee').textContent).toBe('¥300.00');
    expect(screen.getByTestId('close-sheet-other-charges').textContent).toBe('¥300.00');
    expect(screen.getByTestId('close-sheet-net').textContent).toContain('700.00');
    expect(screen.getByTestId('close-sheet-to-available').textContent).toBe('¥149,600.00');
    expect(screen.getByTestId('close-sheet-rows').textContent).toContain('Returned to available funds');
  });

  it('moves the price, the P&L and the open close sheet’s figures with the live bid', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue(long);
    renderDetail();
    await screen.findByTestId('pd-current');
    fireEvent.click(screen.getByTestId('pd-close'));
    await screen.findByTestId('close-sheet-net');
    bookMoves('3012', '3013');
    expect(screen.getByTestId('pd-current').textContent).toBe('3,012.00');
    expect(screen.getByTestId('pd-pnl').textContent).toContain('1,200.00');
    expect(screen.getByTestId('close-sheet-price').textContent).toBe('3,012.00');
    expect(screen.getByTestId('close-sheet-selling-fee').textContent).toBe('¥301.00');
    expect(screen.getByTestId('close-sheet-net').textContent).toContain('599.00');
    expect(screen.getByTestId('close-sheet-to-available').textContent).toBe('¥150,899.00');
  });

  it('names a short’s closing fee a buy-back fee, at the ask', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue(holding);
    renderDetail();
    await screen.findByTestId('pd-current');
    bookMoves('2989', '2990');
    expect(screen.getByTestId('pd-current').textContent).toBe('2,990.00');
    fireEvent.click(screen.getByTestId('pd-close'));
    const rows = await screen.findByTestId('close-sheet-rows');
    expect(rows.textContent).toContain('Ask (buys back at)');
    expect(rows.textContent).toContain('Buy-back fee');
    expect(rows.textContent).not.toContain('Selling fee');
  });

  it('says a loss beyond the margin is taken from available funds, and what the house bears', async () => {
    // 10×: ¥30,000 of margin; at ¥2,600 the loss is ¥40,000 and the fee ¥260, ¥10,260 beyond it; ¥4,000 available.
    vi.mocked(fetchPositionDetail).mockResolvedValue({ ...long, leverage: 10, margin: '30000' });
    vi.mocked(fetchAssets).mockResolvedValue({ ...assets, available: '4000' });
    renderDetail();
    await waitFor(() => expect(screen.getByText(/Available now/)).toBeTruthy());
    bookMoves('2600', '2601');
    fireEvent.click(screen.getByTestId('pd-close'));
    expect((await screen.findByTestId('close-sheet-to-available')).textContent).toBe('¥4,000.00');
    expect(screen.getByTestId('close-sheet-rows').textContent).toContain('Taken from available funds');
    const sheet = screen.getByTestId('close-sheet-rows').parentElement?.textContent ?? '';
    expect(sheet).toContain('The loss exceeds your margin by ¥10,260.00');
    expect(sheet).toContain('¥6,260.00 of it is more than your available funds hold');
  });

  it('leads a closed position with its result after every charge', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue({
      ...long,
      status: 'closed',
      closePrice: '3100',
      closedAt: '2026-11-25T02:00:00.000Z',
      closeReason: 'member',
      marketPrice: '3100',
      pnl: '10000',
      pnlPercent: '6.67',
      sellingFee: '310',
      financing: '23',
      netPnl: '9367',
      closeEstimate: null,
    });
    renderDetail();
    const headline = await screen.findByTestId('pd-headline');
    expect(headline.dataset.figure).toBe('net');
    expect(headline.textContent).toContain('Net P&L (after all charges)');
    expect(headline.textContent).toContain('9,367.00');
    expect(headline.textContent).toContain('6.24');
    expect(screen.getByTestId('pd-net-pnl').textContent).toContain('9,367.00');
    expect(screen.queryByTestId('pd-close')).toBeNull();
  });

  it('offers no close while a lock-up is in force (an IPO or block-trade allotment), and says so', async () => {
    vi.mocked(fetchPositionDetail).mockResolvedValue({ ...long, origin: 'block', saleRules: ['lockUp'] });
    renderDetail();
    expect((await screen.findByTestId('pd-sale-rules')).textContent).not.toBe('');
    expect(screen.queryByTestId('pd-close')).toBeNull();
  });
});
