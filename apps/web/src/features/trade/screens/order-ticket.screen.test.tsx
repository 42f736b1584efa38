import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys } from '@kabuto/contracts/errors';
import { OrderTicketScreen } from './order-ticket.screen.tsx';
import {
  fetchMarketStatus,
  fetchStock,
  placeOrder,
  previewOrder,
  type OrderRequest,
  type StockForTicket,
  type Ticket,
} from '../api/trade.api.ts';
import type * as TradeApi from '../api/trade.api.ts';
import { initI18n, loadCatalogueParts, translateKey } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { clearSession, signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/trade.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TradeApi>()),
  fetchStock: vi.fn(),
  fetchMarketStatus: vi.fn(),
  previewOrder: vi.fn(),
  placeOrder: vi.fn(),
}));
// Issue 26: no day-trading quota unless a test gives one (the ticket's day-trade choice stays hidden).
vi.mock('../api/day-trade.api.ts', () => ({ useDayTradeQuota: () => ({ data: undefined }) }));

const toyota: StockForTicket = {
  symbol: '7203',
  names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  sectorCode: '3700',
  sector: 'Transportation Equipment',
  topix500: true,
  status: 'listed',
  statusReason: null,
  last: '3000',
  prevClose: '3000',
  change: '0',
  changePercent: '0.00',
  open: '3000',
  high: '3000',
  low: '3000',
  volume: 1000,
  turnover: '3000000',
  limitUp: '3700',
  limitDown: '2300',
  tickSize: '0.5',
  day: '2026-11-25',
  seq: '1',
  source: 'simulated',
  depth: { bids: [], asks: [] },
};

/** The server's figures for an order (only the fields this test reads are worked out). */
function ticketFor(order: OrderRequest, extra: Partial<Ticket> = {}): Ticket {
  return {
    symbol: order.symbol,
    names: toyota.names,
    side: order.side,
    type: order.type,
    price: order.price ?? '3000.5',
    quantity: order.quantity,
    lots: String(Number(order.quantity) / 1000),
    leverage: order.leverage,
    leverages: [2, 3, 5],
    bid: '3000',
    ask: '3000.5',
    limitUp: '3700',
    limitDown: '2300',
    tickSize: '0.5',
    notional: '300050',
    margin: '150025',
    purchaseFee: '300',
    sellingFee: '300',
    stampDuty: '300',
    breakEven: '3009.5',
    borrowed: '150025',
    dailyFinancing: '11',
    annualRate: '0.028',
    marginCallPrice: '2250',
    maintenanceRatio: '0.5',
    cost: '150325',
    available: '900000',
    availableAfter: '749675',
    saleRules: [],
    tradingOpen: true,
    window: { kind: 'open', opensAt: null, sessionDay: null, newDay: false },
    ...extra,
  };
}

function renderTicket(hash = '#/market/marketBuy?symbol=7203&side=long') {
  window.location.hash = hash;
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderTicketScreen />
    </QueryClientProvider>,
  );
}

const lastPreview = () => vi.mocked(previewOrder).mock.calls.at(-1)?.[0];

const status = (profile: 'demo' | 'tse') => ({
  profile,
  open: profile === 'demo',
  phase: profile === 'demo' ? ('continuous' as const) : ('closed' as const),
  nextOpen: null,
  source: 'simulated' as const,
  now: new Date().toISOString(),
  orderWindow: { kind: 'open' as const, opensAt: null, sessionDay: null, newDay: false },
});

describe('the order ticket (issue 18)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['trade']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  beforeEach(() => {
    vi.mocked(fetchStock).mockResolvedValue(toyota);
    vi.mocked(previewOrder).mockImplementation(async (order) => ticketFor(order));
    vi.mocked(fetchMarketStatus).mockResolvedValue(status('demo'));
  });

  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.clearAllMocks();
  });

  /** The figures for the first order are in (asked at 1×, then again at the leverage on offer). */
  const figuresIn = async () => {
    await waitFor(() => expect(lastPreview()?.leverage).toBe(2), { timeout: 3_000 });
    await waitFor(() => expect(screen.getByTestId('ticket-summary').dataset.fits).toBe('true'), { timeout: 3_000 });
  };

  it('asks the figures at 1× first, then takes the leverage on offer', async () => {
    renderTicket();
    await waitFor(() => expect(lastPreview()?.leverage).toBe(2), { timeout: 3_000 });
    expect(vi.mocked(previewOrder).mock.calls[0]?.[0].leverage).toBe(1);
    expect(screen.getByTestId('ticket-leverage-2').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('ticket-leverage-1')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('ticket-summary').dataset.fits).toBe('true'), { timeout: 3_000 });
    expect(screen.getByTestId('sum-available-after').textContent).toBe('¥749,675.00');
  });

  it('says why a quantity that is not whole units cannot be sent, and sends none', async () => {
    renderTicket();
    await figuresIn();
    vi.mocked(previewOrder).mockClear();
    // The ticket asks for figures 300 ms after the member pauses: run its clock well past that, exactly.
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('ticket-quantity'), { target: { value: '150' } });
    expect(screen.getByTestId('ticket-field-error').textContent).toMatch(/units of 100 shares/);
    expect(screen.getByTestId('ticket-why-reason').textContent).toBe('Check the Quantity above.');
    expect((screen.getByTestId('ticket-review') as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(vi.mocked(previewOrder).mock.calls).toEqual([]);
    expect(vi.mocked(placeOrder).mock.calls).toEqual([]);
  });

  it('reads a quantity typed in full-width digits', async () => {
    renderTicket();
    await figuresIn();
    fireEvent.change(screen.getByTestId('ticket-quantity'), { target: { value: '２００' } });
    await waitFor(() => expect(lastPreview()?.quantity).toBe('200'), { timeout: 3_000 });
    // Leaving the field writes it plainly.
    fireEvent.blur(screen.getByTestId('ticket-quantity'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('200');
  });

  it('refuses a quantity it cannot read exactly, and says so', async () => {
    renderTicket();
    await figuresIn();
    fireEvent.change(screen.getByTestId('ticket-quantity'), { target: { value: '1,00' } });
    expect(screen.getByTestId('ticket-field-error').textContent).toMatch(/cannot be read as an exact number/);
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('1,00');
  });

  it('sends lots as shares, restates the order in a sheet, and places it with an idempotency key', async () => {
    vi.mocked(placeOrder).mockImplementation(() => new Promise(() => {}));
    renderTicket('#/market/marketBuy?symbol=7203&side=short');
    await figuresIn();
    fireEvent.click(screen.getByTestId('ticket-unit-lots').querySelector('input') as HTMLInputElement);
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('0.1');
    fireEvent.click(screen.getByTestId('ticket-quantity-up'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('0.2');
    await waitFor(() => expect(lastPreview()?.quantity).toBe('200'), { timeout: 3_000 });
    expect(lastPreview()?.side).toBe('short');
    await waitFor(() => expect(screen.getByTestId('ticket-summary').dataset.fits).toBe('true'), { timeout: 3_000 });

    fireEvent.click(screen.getByTestId('ticket-review'));
    const rows = await screen.findByTestId('ticket-sheet-rows');
    expect(rows.textContent).toContain('200 shares (0.2 lots)');
    fireEvent.click(screen.getByTestId('ticket-sheet-confirm'));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    const [order, headers] = vi.mocked(placeOrder).mock.calls[0] ?? [];
    expect(order).toMatchObject({ symbol: '7203', side: 'short', type: 'market', quantity: '200', leverage: 2 });
    expect(headers?.['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('refuses to review an order that costs more than is available, with the most it can afford and a deposit', async () => {
    vi.mocked(previewOrder).mockImplementation(async (order) =>
      ticketFor(order, { cost: '150325', available: '400000', availableAfter: '-12.5' }),
    );
    renderTicket();
    await figuresIn();
    expect((screen.getByTestId('ticket-review') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('ticket-why-reason').textContent).toBe('Your available funds do not cover this order.');
    // ¥400,000 ÷ ¥150,325 per 100 shares: two whole units.
    expect(screen.getByTestId('ticket-max-affordable').dataset.shares).toBe('200');
    expect(screen.getByTestId('ticket-max-affordable').textContent).toBe(
      'Your available funds cover up to about 200 shares.',
    );
    fireEvent.click(screen.getByTestId('ticket-deposit'));
    expect(window.location.hash).toBe('#/user/recharge');
  });

  it('shows a refusal after confirming once, beside the button', async () => {
    vi.mocked(placeOrder).mockRejectedValue(new ApiError('refusal', errorKeys.funds.insufficientBalance, 200));
    renderTicket();
    await figuresIn();
    // The funds went elsewhere meanwhile: the next figures say so too.
    vi.mocked(previewOrder).mockImplementation(async (order) => ticketFor(order, { availableAfter: '-1' }));
    fireEvent.click(screen.getByTestId('ticket-review'));
    fireEvent.click(await screen.findByTestId('ticket-sheet-confirm'));
    const refusal = await screen.findByTestId('ticket-error');
    expect(refusal.textContent).toBe(translateKey(errorKeys.funds.insufficientBalance));
    await waitFor(() => expect(screen.queryByTestId('ticket-max-affordable')).not.toBeNull(), { timeout: 3_000 });
    expect(screen.getAllByRole('alert').map((x) => x.textContent)).toEqual([refusal.textContent]);
    expect(screen.queryByTestId('ticket-why-reason')).toBeNull();
  });

  it('names a short’s fees as a short sale and a buy-back, and says the prices are simulated', async () => {
    renderTicket('#/market/marketBuy?symbol=7203&side=short');
    await figuresIn();
    const summary = screen.getByTestId('ticket-summary').textContent ?? '';
    expect(summary).toContain('Short-sale fee');
    expect(summary).toContain('Buy-back fee (est.)');
    expect(summary).not.toMatch(/Purchase fee|Selling fee/);
    expect(screen.getByTestId('ticket-source').textContent).toBe('Simulated prices');
    fireEvent.click(screen.getByTestId('ticket-review'));
    expect((await screen.findByTestId('ticket-sheet-headline-label')).textContent).toBe(
      'Estimated cost (margin + fee)',
    );
  });

  it('asks a visitor to sign in', async () => {
    clearSession();
    renderTicket();
    expect(await screen.findByTestId('sign-in-required')).toBeTruthy();
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  it('outside the session under tse (issue 26): a limit order for the next session, said before confirming', async () => {
    // Saturday 28 November 2026, 10:00 JST: after hours, for the session of Monday 30 November.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:00:00Z'));
    vi.mocked(fetchMarketStatus).mockResolvedValue(status('tse'));
    renderTicket();
    await waitFor(() => expect(screen.getByTestId('ticket-window').textContent).toMatch(/After hours/));
    expect(screen.getByTestId('ticket-window').textContent).toContain('2026-11-30');
    // The ticket switched itself to a limit order: a market order would be refused.
    await waitFor(() => expect(lastPreview()?.type).toBe('limit'), { timeout: 3_000 });
    fireEvent.click(screen.getByText('Market'));
    expect(screen.getByTestId('ticket-why-reason').textContent).toBe(
      translateKey(errorKeys.trade.limitOnlyOutsideHours),
    );
  });
});
