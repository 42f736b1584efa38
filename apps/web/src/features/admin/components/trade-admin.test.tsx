import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { fetchTradeList, saveProductRules, saveTradingTerms } from '../api/trade-admin.api.ts';
import { TradeAdmin } from './trade-admin.tsx';

const settings = {
  terms: {
    purchaseRate: '0.001',
    sellingRate: '0.001',
    stampDutyRate: '0',
    minimumFee: '100',
    leverages: [1, 2, 3, 5],
    maintenanceRatio: '0.5',
    longAnnualRate: '0.028',
    shortAnnualRate: '0.0115',
  },
  products: [{ symbol: '9999', sameDayBan: true, tPlusOneBan: false, minHoldingMinutes: 30, lockUpUntil: null }],
  changedAt: null,
  changedBy: null,
};

const position = {
  orderNo: 'T202611250001',
  account: '08012345678',
  symbol: '7203',
  names: { en: 'Toyota Motor', tw: '豐田汽車', jp: 'トヨタ自動車' },
  side: 'long',
  type: 'market',
  status: 'closed',
  quantity: '1000',
  lots: '10',
  leverage: 2,
  limitPrice: null,
  stopLoss: null,
  takeProfit: null,
  held: '0',
  openPrice: '3000',
  openedAt: '2026-11-25T00:05:00.000Z',
  closePrice: '3100',
  closedAt: '2026-11-25T02:00:00.000Z',
  closeReason: 'takeProfit',
  margin: '1500000',
  addedMargin: '0',
  purchaseFee: '3000',
  sellingFee: '3100',
  stampDuty: '0',
  financing: '164',
  marketPrice: '3100',
  marketValue: '3100000',
  pnl: '100000',
  pnlPercent: '3.33',
  netPnl: '93736',
  marginCallPrice: null,
  saleRules: [],
  createdAt: '2026-11-25T00:05:00.000Z',
};

// The kit's toast needs the app's React 19 root (main.tsx); here it is only a call.
vi.mock('../../../shared/api/notice.ts', () => ({ showSuccess: vi.fn() }));

vi.mock('../api/trade-admin.api.ts', () => ({
  tradeAdminKeys: { list: ['admin/trade/list'], settings: ['admin/trade/settings'] },
  fetchTradeSettings: vi.fn(async () => settings),
  fetchTradeList: vi.fn(async () => ({ items: [position], total: 1 })),
  saveTradingTerms: vi.fn(async () => ({
    ...settings,
    changedAt: '2026-11-25T03:00:00.000Z',
    changedBy: '9000000001',
  })),
  saveProductRules: vi.fn(async () => settings),
}));

const renderSection = (maySave: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TradeAdmin maySave={maySave} />
    </QueryClientProvider>,
  );

describe('back office → trading (issue 18)', () => {
  beforeAll(async () => {
    // jsdom does not lay out: the editor scrolls itself into view in a browser.
    Element.prototype.scrollIntoView = vi.fn();
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows rates as percentages and sends the new terms as fractions with the reason', async () => {
    renderSection(true);
    const selling = await screen.findByTestId('admin-trade-sellingRate');
    expect(selling).toHaveProperty('value', '0.1');
    expect(screen.getByTestId('admin-trade-maintenanceRatio')).toHaveProperty('value', '50');
    expect(screen.getByTestId('admin-trade-longAnnualRate')).toHaveProperty('value', '2.8');
    expect(screen.getByTestId('admin-trade-terms-note').textContent).toContain('open positions keep the terms');
    expect(screen.getByTestId('admin-trade-terms-changed').textContent).toContain('not changed');

    const save = screen.getByTestId('admin-trade-terms-save');
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(selling, { target: { value: '0.07' } });
    fireEvent.click(within(screen.getByTestId('admin-trade-leverage-10')).getByRole('checkbox'));
    expect(save).toHaveProperty('disabled', true); // no reason yet
    fireEvent.change(screen.getByTestId('admin-trade-terms-reason'), { target: { value: 'Fee cut for December' } });
    fireEvent.click(save);

    await waitFor(() => expect(saveTradingTerms).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveTradingTerms).mock.calls[0]?.[0]).toEqual({
      ...settings.terms,
      sellingRate: '0.0007',
      leverages: [1, 2, 3, 5, 10],
      reason: 'Fee cut for December',
    });
    await waitFor(() =>
      expect(screen.getByTestId('admin-trade-terms-changed').textContent).toBe(
        'Last changed 2026-11-25 12:00 JST by 9000000001',
      ),
    );
  });

  it('gives support and auditors the terms and rules to read, with no control that changes them', async () => {
    renderSection(false);
    await screen.findByTestId('admin-trade-terms-readonly');
    expect(screen.queryByTestId('admin-trade-terms-save')).toBeNull();
    expect(screen.queryByTestId('admin-trade-rules-new')).toBeNull();
    expect(screen.queryByTestId('admin-trade-rules-edit')).toBeNull();
    expect(screen.getByTestId('admin-trade-sellingRate')).toHaveProperty('readOnly', true);
    expect(
      screen.getByTestId('admin-trade-terms').querySelectorAll('input[type=checkbox]:not(:disabled)'),
    ).toHaveLength(0);
    expect(screen.getByTestId('admin-trade-rules-row').textContent).toContain('30 min');
  });

  it('lists orders and positions read only, with the member account, and filters on the server', async () => {
    renderSection(true);
    const row = await screen.findByTestId('admin-trade-row');
    expect(row.textContent).toContain('08012345678');
    expect(row.textContent).toContain('Take-profit');
    expect(row.textContent).toContain('+¥100,000.00');
    expect(row.textContent).toContain('¥6,100.00'); // purchase + selling + stamp duty
    expect(within(screen.getByTestId('admin-trade-table')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('admin-trade-table').querySelectorAll('input')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('admin-trade-symbol'), { target: { value: '7203' } });
    fireEvent.change(screen.getByTestId('admin-trade-account'), { target: { value: ' 08012345678 ' } });
    fireEvent.click(screen.getByTestId('admin-trade-search'));
    await waitFor(() =>
      expect(vi.mocked(fetchTradeList).mock.calls.at(-1)?.[0]).toEqual({
        page: 1,
        pageSize: 20,
        symbol: '7203',
        account: '08012345678',
      }),
    );
  });

  it('saves one stock’s sale rules with a reason, the lock-up ending at 00:00 JST', async () => {
    renderSection(true);
    fireEvent.click(await screen.findByTestId('admin-trade-rules-new'));
    fireEvent.change(screen.getByTestId('admin-trade-rules-symbol'), { target: { value: '7203' } });
    fireEvent.change(screen.getByTestId('admin-trade-rules-minutes'), { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('admin-trade-rules-lockup'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByTestId('admin-trade-rules-reason'), { target: { value: 'IPO lock-up' } });
    fireEvent.click(screen.getByTestId('admin-trade-rules-save'));
    await waitFor(() => expect(saveProductRules).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveProductRules).mock.calls[0]?.[0]).toEqual({
      symbol: '7203',
      sameDayBan: false,
      tPlusOneBan: false,
      minHoldingMinutes: 60,
      lockUpUntil: '2026-12-30T15:00:00.000Z',
      reason: 'IPO lock-up',
    });
  });
});
