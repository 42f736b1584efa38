import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PositionsScreen } from './positions.screen.tsx';
import {
  fetchAssets,
  fetchMarketStatus,
  fetchPositions,
  fetchTotals,
  type Assets,
  type Position,
  type TradeTotals,
} from '../api/trade.api.ts';
import type * as TradeApi from '../api/trade.api.ts';
import { holdingPosition } from '../position.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';
import type { TopicMessage } from '../../../shared/stream/stream-client.ts';

vi.mock('../api/trade.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TradeApi>()),
  fetchPositions: vi.fn(),
  fetchAssets: vi.fn(),
  fetchMarketStatus: vi.fn(),
  fetchTotals: vi.fn(),
}));

// The stream, by hand: a test sends a topic's message as the server would.
const streams = vi.hoisted(() => ({ listeners: new Map<string, (m: TopicMessage) => void>() }));
vi.mock('../../../shared/stream/stream-context.tsx', () => ({
  useStreamTopic: (topic: string | null, onMessage: (m: TopicMessage) => void) => {
    if (topic) streams.listeners.set(topic, onMessage);
  },
}));

function bookMoves(bid: string, ask: string) {
  const listener = streams.listeners.get('depth:7203');
  if (!listener) throw new Error('the list does not follow depth:7203');
  act(() =>
    listener({
      type: 'depth',
      topic: 'depth:7203',
      seq: '1',
      data: { symbol: '7203', bids: [{ price: bid, quantity: 100 }], asks: [{ price: ask, quantity: 100 }] },
    }),
  );
}

const assets: Assets = {
  currency: 'JPY',
  totalAssets: '250000',
  available: '100000',
  frozen: '0',
  profit: '0',
  balances: [],
  realNameStatus: 'verified',
};

/** A member with nothing open: 250,000 of which 100,000 available. */
const noTotals: TradeTotals = {
  currency: 'JPY',
  unrealised: '0',
  margin: '0',
  available: '100000',
  openCount: 0,
  positions: [],
};

/** The fixture's one position (long 100 @ 3,000, the bid at 2,999) as the server totals it. */
const oneOpen: TradeTotals = {
  currency: 'JPY',
  unrealised: '-100',
  margin: '150000',
  available: '100000',
  openCount: 1,
  positions: [
    { orderNo: 'T1', symbol: '7203', side: 'long', status: 'holding', openPrice: '3000', quantity: '100', pnl: '-100' },
  ],
};

const closed: Position = holdingPosition({
  orderNo: 'T2',
  status: 'closed',
  closePrice: '3100',
  closedAt: '2026-11-25T02:00:00.000Z',
  closeReason: 'member',
  marketPrice: '3100',
  marketValue: '310000',
  pnl: '10000',
  pnlPercent: '6.67',
  sellingFee: '310',
  financing: '23',
  netPnl: '9367',
  closeEstimate: null,
});

function renderList(tab: 'holding' | 'closed' | 'competition', items: Position[]) {
  vi.mocked(fetchPositions).mockResolvedValue({ items, total: items.length });
  window.location.hash = `#/position/position?tab=${tab}`;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PositionsScreen />
    </QueryClientProvider>,
  );
}

describe('the positions list (issue 24)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['trade', 'funds']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  beforeEach(() => {
    vi.mocked(fetchAssets).mockResolvedValue(assets);
    vi.mocked(fetchTotals).mockResolvedValue(noTotals);
    vi.mocked(fetchMarketStatus).mockResolvedValue({
      profile: 'demo',
      open: true,
      phase: 'continuous',
      orderWindow: { kind: 'open', opensAt: null, sessionDay: null, newDay: false },
      nextOpen: null,
      source: 'simulated',
      now: '2026-11-25T01:00:00.000Z',
    });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    streams.listeners.clear();
  });

  it('values a holding long at the bid the depth stream brings (as the detail and the server do), not the last trade', async () => {
    renderList('holding', [holdingPosition()]);
    const card = await screen.findByTestId('pos-card');
    expect(card.dataset.basis).toBe('served');
    expect(within(card).getByTestId('pos-current').textContent).toBe('2,999.00');
    expect(card.textContent).toContain('Bid (closes at)');
    expect(streams.listeners.has('quotes:7203')).toBe(false);
    bookMoves('3012', '3013');
    expect(card.dataset.basis).toBe('live');
    expect(within(card).getByTestId('pos-current').textContent).toBe('3,012.00');
    expect(within(card).getByTestId('pos-pnl').textContent).toContain('1,200.00');
  });

  it('closes from a sheet whose selling fee, other charges, result and money returned move with the bid', async () => {
    renderList('holding', [holdingPosition()]);
    fireEvent.click(await screen.findByTestId('pos-close'));
    expect((await screen.findByTestId('close-sheet-selling-fee')).textContent).toBe('¥300.00');
    expect(screen.getByTestId('close-sheet-other-charges').textContent).toBe('¥300.00');
    expect(screen.getByTestId('close-sheet-net').textContent).toContain('700.00');
    expect(screen.getByTestId('close-sheet-to-available').textContent).toBe('¥149,600.00');
    bookMoves('3012', '3013');
    expect(screen.getByTestId('close-sheet-price').textContent).toBe('3,012.00');
    expect(screen.getByTestId('close-sheet-selling-fee').textContent).toBe('¥301.00');
    expect(screen.getByTestId('close-sheet-net').textContent).toContain('599.00');
    expect(screen.getByTestId('close-sheet-headline').textContent).toContain('599.00');
    expect(screen.getByTestId('close-sheet-to-available').textContent).toBe('¥150,899.00');
  });

  it('leads a closed card with the result after every charge, then the price-only P&L', async () => {
    renderList('closed', [closed]);
    const card = await screen.findByTestId('pos-card');
    const lead = card.querySelector('.position-card__pnl');
    expect(lead?.textContent).toContain('Net P&L (after all charges)');
    expect(within(card).getByTestId('pos-net-pnl').textContent).toContain('9,367.00');
    expect(within(card).getByTestId('pos-net-pnl').textContent).toContain('6.24');
    expect(within(card).getByTestId('pos-pnl').textContent).toContain('10,000.00');
    await waitFor(() => expect(streams.listeners.size).toBe(0));
  });

  it('lists approved block trades under their own tab: locked, with no close, until the lock-up ends', async () => {
    const block = holdingPosition({
      orderNo: 'B2026120100007',
      origin: 'block',
      leverage: 1,
      saleRules: ['lockUp'],
    });
    renderList('competition', [block, holdingPosition({ orderNo: 'B2026120100008', origin: 'block', leverage: 1 })]);
    expect(screen.getByTestId('pos-tab-competition').textContent).toBe('Block trades');
    const [locked, free] = await screen.findAllByTestId('pos-card');
    expect(fetchPositions).toHaveBeenCalledWith('competition', 1, 20, expect.anything());
    expect(within(locked as HTMLElement).getByTestId('pos-locked').textContent).toBe('Locked');
    expect(within(locked as HTMLElement).queryByTestId('pos-close')).toBeNull();
    expect(within(free as HTMLElement).queryByTestId('pos-locked')).toBeNull();
    expect(within(free as HTMLElement).getByTestId('pos-close')).toBeTruthy();
  });

  it('leads an empty block-trade tab to the block trades', async () => {
    renderList('competition', []);
    expect((await screen.findByTestId('pos-empty')).textContent).toContain('No block trade shares yet');
    fireEvent.click(screen.getByTestId('pos-empty-action'));
    expect(window.location.hash).toBe('#/common/dividend');
  });

  it('opens with the totals (建玉一覧): the server’s unrealised P&L signed, margin in use and buying power', async () => {
    vi.mocked(fetchTotals).mockResolvedValue(oneOpen);
    renderList('holding', [holdingPosition()]);
    const totals = await screen.findByTestId('pos-totals');
    await waitFor(() => expect(totals.dataset.state).toBe('ready'));
    expect(totals.getAttribute('aria-label')).toBe('Positions summary');
    expect(within(totals).getByTestId('pos-totals-pnl').textContent).toBe('-¥100.00');
    expect(within(totals).getByTestId('pos-totals-pnl').className).toContain('amount--fall');
    expect(within(totals).getByTestId('pos-totals-percent').textContent).toBe('−0.07%');
    expect(within(totals).getByTestId('pos-totals-margin').textContent).toBe('¥150,000.00');
    expect(within(totals).getByTestId('pos-totals-available').textContent).toBe('¥100,000.00');
    expect(within(totals).getByTestId('pos-totals-count').textContent).toBe('1 open');
    expect(totals.dataset.basis).toBe('served');
  });

  it('moves the totals with the bid, as the card below moves, from one subscription to the book', async () => {
    vi.mocked(fetchTotals).mockResolvedValue(oneOpen);
    renderList('holding', [holdingPosition()]);
    const totals = await screen.findByTestId('pos-totals');
    await waitFor(() => expect(totals.dataset.state).toBe('ready'));
    const card = await screen.findByTestId('pos-card');
    bookMoves('3012', '3013');
    expect(totals.dataset.basis).toBe('live');
    expect(within(totals).getByTestId('pos-totals-pnl').textContent).toBe('+¥1,200.00');
    expect(within(totals).getByTestId('pos-totals-pnl').className).toContain('amount--rise');
    expect(within(card).getByTestId('pos-pnl').textContent).toContain('1,200.00');
    expect([...streams.listeners.keys()]).toEqual(['depth:7203']);
  });

  it('keeps the totals’ place while they load and says when they failed, with a retry', async () => {
    let fail: (e: Error) => void = () => {};
    vi.mocked(fetchTotals).mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    vi.mocked(fetchTotals).mockRejectedValue(new Error('offline'));
    vi.mocked(fetchPositions).mockResolvedValue({ items: [holdingPosition()], total: 1 });
    window.location.hash = '#/position/position?tab=holding';
    // The totals ask again twice on a network failure: at once here.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
    render(
      <QueryClientProvider client={client}>
        <PositionsScreen />
      </QueryClientProvider>,
    );
    const totals = await screen.findByTestId('pos-totals');
    expect(totals.dataset.state).toBe('loading');
    expect(totals.getAttribute('aria-busy')).toBe('true');
    await act(async () => fail(new Error('offline')));
    await waitFor(() => expect(totals.dataset.state).toBe('failed'));
    expect(totals.textContent).toContain('The totals could not be loaded.');
    vi.mocked(fetchTotals).mockResolvedValue(oneOpen);
    fireEvent.click(within(totals).getByTestId('pos-totals-retry'));
    await waitFor(() => expect(totals.dataset.state).toBe('ready'));
    expect(within(totals).getByTestId('pos-totals-pnl').textContent).toBe('-¥100.00');
  });

  it('shows skeleton cards of a card’s height while the list loads', async () => {
    vi.mocked(fetchPositions).mockReturnValue(new Promise(() => {}));
    window.location.hash = '#/position/position?tab=holding';
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PositionsScreen />
      </QueryClientProvider>,
    );
    const loading = await screen.findByTestId('pos-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.getAttribute('aria-label')).toBe('Loading positions');
    const rows = loading.querySelectorAll<HTMLElement>('.adm-skeleton');
    expect(rows).toHaveLength(4);
    expect(rows[0]?.style.getPropertyValue('--height')).toBe('288px');
  });
});
