import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import {
  createBlockProduct,
  fetchBlockProducts,
  fetchStockQuote,
  withdrawBlockProduct,
  type StaffBlockProduct,
  type StockQuote,
} from '../api/block-admin.api.ts';
import { BlockAdmin } from './block-admin.tsx';

const open: StaffBlockProduct = {
  id: '0b8f6c1e-2a4d-4e6f-9a1b-3c5d7e9f1a2b',
  code: '7203',
  names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  price: '2480',
  minAmount: '248000',
  maxShares: '10000',
  opensAt: '2099-12-01T00:00:00.000Z',
  closesAt: '2099-12-05T06:00:00.000Z',
  lockUpUntil: null,
  passwordRequired: false,
  seatOnly: false,
  phase: 'open',
  dailyLimit: 3,
  createdBy: '9000000001',
  createdAt: '2099-11-30T01:00:00.000Z',
  withdrawnAt: null,
  withdrawReason: null,
  applications: 12,
};
const upcoming: StaffBlockProduct = {
  ...open,
  id: '1c9a7d2f-3b5e-4f70-8b2c-4d6e8f0a2b3c',
  code: '6758',
  names: { jp: 'ソニーグループ', en: 'Sony Group', tw: '索尼集團' },
  phase: 'upcoming',
  lockUpUntil: '2100-03-01T00:00:00.000Z',
  passwordRequired: true,
  seatOnly: true,
  applications: 0,
};
const withdrawn: StaffBlockProduct = {
  ...open,
  id: '2d0b8e3a-4c6f-4a81-9c3d-5e7f9a1b3c4d',
  code: '9984',
  names: { jp: 'ソフトバンクグループ', en: 'SoftBank Group', tw: '軟銀集團' },
  phase: 'withdrawn',
  withdrawnAt: '2099-11-30T03:00:00.000Z',
  withdrawReason: 'Holder cancelled the distribution',
};

/** Toyota's day: standard tick sizes, ¥2,200 – ¥3,200. */
const toyota = {
  symbol: '7203',
  names: open.names,
  topix500: false,
  status: 'listed',
  last: '2700',
  limitUp: '3200',
  limitDown: '2200',
} as StockQuote;

// The kit's toast needs the app's React 19 root (main.tsx); here it is only a call.
vi.mock('../../../shared/api/notice.ts', () => ({ showSuccess: vi.fn(), showNotice: vi.fn() }));

vi.mock('../api/block-admin.api.ts', () => ({
  blockAdminKeys: {
    products: ['admin/block/products'],
    quote: (code: string) => ['market/detail', code, 'admin-block'],
    memberBlock: [['market/block/list']],
  },
  fetchBlockProducts: vi.fn(),
  fetchStockQuote: vi.fn(),
  createBlockProduct: vi.fn(),
  withdrawBlockProduct: vi.fn(),
}));

function renderSection(maySave: boolean) {
  vi.mocked(fetchBlockProducts).mockResolvedValue({ items: [open, upcoming, withdrawn] });
  vi.mocked(fetchStockQuote).mockImplementation(async (code) => {
    if (code === '7203') return toyota;
    throw new ApiError('refusal', 'errors.market.unknownSymbol', 200);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BlockAdmin maySave={maySave} />
    </QueryClientProvider>,
  );
}

/** Terms in order, typed as JST wall-clock times. */
const validTerms = {
  code: '7203',
  price: '2480',
  minAmount: '248000',
  maxShares: '10000',
  dailyLimit: '3',
  opensAt: '2099-12-01T09:00',
  closesAt: '2099-12-05T15:00',
  reason: 'Holder distribution agreed with the desk',
};

function fill(values: Partial<Record<string, string>>) {
  for (const [field, value] of Object.entries(values))
    fireEvent.change(screen.getByTestId(`admin-block-${field}`), { target: { value } });
}

describe('back office → block trades (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists every product with its terms in JST, password and seat rule, phase, applications and withdrawal', async () => {
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-block-row');
    expect(rows.map((r) => [r.dataset['code'], r.dataset['phase']])).toEqual([
      ['7203', 'open'],
      ['6758', 'upcoming'],
      ['9984', 'withdrawn'],
    ]);
    const [toyotaRow, sonyRow, softbankRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cells = within(toyotaRow)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '7203',
      'Toyota Motorトヨタ自動車',
      '¥2,480.00',
      '¥248,000.00',
      '10,000 shares',
      '3 a day',
      '2099-12-01 09:00to 2099-12-05 15:00',
      'None',
      'No',
      'No',
      'Open',
      '12',
      '90000000012099-11-30 10:00',
      '—',
      'Withdraw',
    ]);
    expect(within(sonyRow).getByTestId('admin-block-password-set').textContent).toBe('Yes');
    expect(within(sonyRow).getByTestId('admin-block-seat-only').textContent).toBe('Yes');
    expect(sonyRow.textContent).toContain('2100-03-01 09:00'); // lock-up, JST
    expect(within(softbankRow).getByTestId('admin-block-withdraw-reason-text').textContent).toBe(
      'Holder cancelled the distribution',
    );
    expect(within(softbankRow).queryByTestId('admin-block-withdraw')).toBeNull();
  });

  it('holds the price to the stock’s tick size and today’s limits from its quote, and sends nothing until it fits', async () => {
    renderSection(true);
    await screen.findAllByTestId('admin-block-row');
    fill({ ...validTerms, price: '2480.5' });
    await waitFor(() => expect(fetchStockQuote).toHaveBeenCalledWith('7203', expect.anything()));
    const stock = await screen.findByTestId('admin-block-stock');
    expect(stock.textContent).toContain('Toyota Motor');
    expect(stock.textContent).toContain('today’s limits ¥2,200.00 – ¥3,200.00');
    const refusal = screen.getByTestId('admin-block-refusal');
    expect(refusal.dataset['key']).toBe('errors.trade.priceOffGrid');
    expect(refusal.textContent).toBe('The price is not on this stock’s tick size.');
    expect(screen.getByTestId('admin-block-price').getAttribute('aria-invalid')).toBe('true');
    const submit = screen.getByTestId('admin-block-submit');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('admin-block-form')); // Enter in a field submits the form too

    fill({ price: '3300', minAmount: '330000' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.trade.exceedsPriceLimit');
    fill({ price: validTerms.price, minAmount: validTerms.minAmount, maxShares: '150' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.maxSharesInvalid');
    fill({ maxShares: validTerms.maxShares, dailyLimit: '101' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.dailyLimitInvalid');
    fill({ dailyLimit: validTerms.dailyLimit, closesAt: '2099-12-01T09:00' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.timesOutOfOrder');
    fill({ opensAt: '2020-12-01T09:00', closesAt: '2020-12-05T15:00' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.timesInPast');
    fill({ opensAt: validTerms.opensAt, closesAt: validTerms.closesAt });
    fireEvent.click(screen.getByTestId('admin-block-lockUp-until'));
    fill({ lockUpUntil: '2099-12-05T14:00' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.lockUpBeforeClose');
    fireEvent.submit(screen.getByTestId('admin-block-form'));
    expect(createBlockProduct).not.toHaveBeenCalled();

    fill({ lockUpUntil: '2100-03-01T09:00' });
    expect(screen.queryByTestId('admin-block-refusal')).toBeNull();
    expect(screen.getByTestId('admin-block-most').textContent).toBe(
      'One member can buy at most 10,000 shares: ¥24,800,000.00.',
    );
  });

  it('sends the terms as JST instants with the password, seat rule and reason, then reloads the list', async () => {
    vi.mocked(createBlockProduct).mockResolvedValue({ ...open, id: '3e1c9f4b-5d7a-4b92-8d4e-6f8a0b2c4d5e' });
    renderSection(true);
    await screen.findAllByTestId('admin-block-row');
    expect(fetchBlockProducts).toHaveBeenCalledTimes(1);
    fill({ ...validTerms, reason: '' });
    await screen.findByTestId('admin-block-stock');
    expect(screen.getByTestId('admin-block-submit')).toHaveProperty('disabled', true); // no reason yet
    fill({ password: 'abc' });
    expect(screen.getByTestId('admin-block-password').getAttribute('aria-invalid')).toBe('true');
    fill({ password: 'tokyo-25', reason: `  ${validTerms.reason}  ` });
    fireEvent.click(within(screen.getByTestId('admin-block-form')).getByRole('switch'));
    fireEvent.click(screen.getByTestId('admin-block-submit'));

    await waitFor(() => expect(createBlockProduct).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createBlockProduct).mock.calls[0]?.[0]).toEqual({
      code: '7203',
      price: '2480',
      minAmount: '248000',
      maxShares: '10000',
      dailyLimit: 3,
      opensAt: '2099-12-01T09:00:00+09:00',
      closesAt: '2099-12-05T15:00:00+09:00',
      lockUpUntil: null,
      password: 'tokyo-25',
      seatOnly: true,
      reason: 'Holder distribution agreed with the desk',
    });
    await waitFor(() => expect(fetchBlockProducts).toHaveBeenCalledTimes(2));
    expect(showSuccess).toHaveBeenCalledWith('success.saved');
    expect(screen.getByTestId('admin-block-code')).toHaveProperty('value', '');
  });

  it('shows the server’s refusal in staff words, and leaves the price limits to the server when there is no quote', async () => {
    vi.mocked(createBlockProduct).mockRejectedValue(new ApiError('refusal', 'errors.trade.exceedsPriceLimit', 200));
    renderSection(true);
    await screen.findAllByTestId('admin-block-row');
    fill(validTerms);
    await screen.findByTestId('admin-block-stock');
    fireEvent.click(screen.getByTestId('admin-block-submit'));
    const refused = await screen.findByTestId('admin-block-server-refusal');
    expect(refused.dataset['key']).toBe('errors.trade.exceedsPriceLimit');
    expect(refused.textContent).toBe('The price is outside today’s limit-up / limit-down range for this stock.');

    // A code with no quote: every other term is still checked, and the server checks the price.
    fill({ code: '1234', price: '2480.5' });
    expect((await screen.findByTestId('admin-block-stock-failed')).textContent).toContain(
      'There is no stock with that code.',
    );
    expect(screen.queryByTestId('admin-block-server-refusal')).toBeNull();
    expect(screen.queryByTestId('admin-block-refusal')).toBeNull();
    fill({ maxShares: '150' });
    expect(screen.getByTestId('admin-block-refusal').dataset['key']).toBe('errors.block.maxSharesInvalid');
  });

  it('withdraws a product after a confirm sheet that restates it and asks for the reason', async () => {
    vi.mocked(withdrawBlockProduct)
      .mockRejectedValueOnce(new ApiError('refusal', 'errors.block.notWithdrawable', 200))
      .mockResolvedValueOnce({ ...open, phase: 'withdrawn' });
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-block-row');
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('admin-block-withdraw'));
    const sheet = await screen.findByTestId('admin-block-withdraw-sheet');
    expect(sheet.dataset['code']).toBe('7203');
    expect(sheet.textContent).toContain('Withdraw 7203 Toyota Motor');
    expect(within(sheet).getByTestId('admin-block-withdraw-applications').textContent).toBe('12');
    const confirm = within(sheet).getByTestId('admin-block-withdraw-confirm');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(sheet).getByTestId('admin-block-withdraw-reason'), {
      target: { value: ' Holder cancelled the distribution ' },
    });
    fireEvent.click(confirm);
    const refusal = await screen.findByTestId('admin-block-withdraw-refusal');
    expect(refusal.textContent).toBe('This product has already been withdrawn.');

    fireEvent.click(confirm);
    await waitFor(() => expect(withdrawBlockProduct).toHaveBeenCalledTimes(2));
    expect(vi.mocked(withdrawBlockProduct).mock.calls[1]?.[0]).toEqual({
      id: open.id,
      reason: 'Holder cancelled the distribution',
    });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('success.saved'));
    await waitFor(() => expect(screen.queryByTestId('admin-block-withdraw-sheet')).toBeNull());
    expect(fetchBlockProducts).toHaveBeenCalledTimes(3); // after the refusal, and after the withdrawal
  });

  it('gives reviewers, support and auditors the list to read, with no form and no withdraw', async () => {
    renderSection(false);
    expect(await screen.findAllByTestId('admin-block-row')).toHaveLength(3);
    expect(screen.queryByTestId('admin-block-form')).toBeNull();
    expect(screen.queryByTestId('admin-block-withdraw')).toBeNull();
    expect(within(screen.getByTestId('admin-block-table')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('admin-block-note').textContent).toContain('Read only');
  });
});
