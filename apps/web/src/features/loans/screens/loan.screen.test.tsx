import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoanScreen } from './loan.screen.tsx';
import { applyLoan, fetchLoanSummary, repayLoan, type LoanSummary, type LoanWire } from '../api/loans.api.ts';
import type * as LoansApi from '../api/loans.api.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/loans.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof LoansApi>()),
  fetchLoanSummary: vi.fn(),
  applyLoan: vi.fn(),
  repayLoan: vi.fn(),
}));
vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));

const summary = (over: Partial<LoanSummary> = {}): LoanSummary => ({
  score: 92,
  creditLimit: '320000',
  borrowable: '320000',
  borrowed: '0',
  pending: '0',
  available: '50000',
  terms: {
    open: true,
    dailyRate: '0.0004',
    apr: '0.146',
    minTermDays: 7,
    maxTermDays: 365,
    yenPerPoint: '10000',
    scoreFloor: 60,
  },
  open: null,
  ...over,
});

const loan = (over: Partial<LoanWire> = {}): LoanWire => ({
  id: '6f1c1c53-1d6e-4c0b-9b1e-1c0f6c1b2a3d',
  orderNo: 'L20261128012805476394',
  amount: '100000',
  termDays: 90,
  plan: 'anytime',
  dailyRate: '0.0004',
  apr: '0.146',
  status: 'approved',
  principal: '100000',
  interest: '120',
  interestCharged: '120',
  repaidTotal: '0',
  interestThrough: '2026-11-30',
  remarks: 'ok',
  createdAt: '2026-11-27T01:00:00.000Z',
  disbursedAt: '2026-11-27T01:05:00.000Z',
  decidedAt: '2026-11-27T01:05:00.000Z',
  repaidAt: null,
  dueDate: '2027-02-25',
  ...over,
});

function renderScreen(s: LoanSummary) {
  vi.mocked(fetchLoanSummary).mockResolvedValue(s);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoanScreen />
    </QueryClientProvider>,
  );
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('the credit loan screen (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['loan']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the score, the limit with its published rule, borrowable and borrowed', async () => {
    renderScreen(summary());
    expect((await screen.findByTestId('loan-score')).textContent).toBe('92');
    expect(screen.getByTestId('loan-limit').textContent).toBe('¥320,000.00');
    expect(screen.getByTestId('loan-borrowable').textContent).toBe('¥320,000.00');
    expect(screen.getByTestId('loan-rule').textContent).toContain('(credit score − 60) × ¥10,000.00');
  });

  it('checks the application with the domain as the member types, and shows the cost and schedule before confirming', async () => {
    renderScreen(summary());
    await screen.findByTestId('loan-apply');
    const submit = () => screen.getByTestId('loan-apply-submit') as HTMLButtonElement;
    for (const [typed, refusal] of [
      ['320001', 'quotaInsufficient'],
      ['0', 'amountInvalid'],
      ['12.5', 'amountInvalid'],
    ] as const) {
      type('loan-amount', typed);
      expect(screen.getByTestId('loan-refusal').dataset.refusal).toBe(refusal);
      expect(submit().disabled).toBe(true);
    }
    type('loan-amount', '１２０，０００');
    type('loan-term', '10000');
    expect(screen.getByTestId('loan-refusal').dataset.refusal).toBe('termInvalid');
    fireEvent.click(screen.getByTestId('loan-term-90'));
    expect(screen.queryByTestId('loan-refusal')).toBeNull();
    // Any time: 90 days × ¥48 a day on ¥120,000.
    expect(screen.getByTestId('loan-total-interest').textContent).toBe('¥4,320.00');
    expect(screen.getByTestId('loan-apr').textContent).toBe('14.60%');
    expect(screen.queryByTestId('loan-schedule')).toBeNull();
    fireEvent.click(screen.getByText('Monthly instalments'));
    expect(screen.getAllByTestId('loan-schedule-row')).toHaveLength(3);
    expect(screen.getByTestId('loan-total-interest').textContent).toBe('¥2,880.00');
    fireEvent.click(submit());
    const sheet = await screen.findByTestId('loan-sheet');
    expect(within(sheet).getByTestId('loan-sheet-headline').textContent).toBe('¥120,000.00');
    expect(sheet.textContent).toContain('Instalment 3 (day 90)');
    vi.mocked(applyLoan).mockResolvedValue(loan({ status: 'pending', amount: '120000', plan: 'instalments' }));
    fireEvent.click(within(sheet).getByTestId('loan-sheet-confirm'));
    await waitFor(() => expect(applyLoan).toHaveBeenCalledTimes(1));
    const [body, headers] = vi.mocked(applyLoan).mock.calls[0] ?? [];
    expect(body).toEqual({ amount: '120000', termDays: 90, plan: 'instalments' });
    expect(Object.keys(headers ?? {})).toEqual(['Idempotency-Key']);
  });

  it('says lending is closed instead of offering the form', async () => {
    renderScreen(summary({ terms: { ...summary().terms, open: false } }));
    expect((await screen.findByTestId('loan-closed')).textContent).toContain('closed');
    expect(screen.queryByTestId('loan-apply')).toBeNull();
  });

  it('repays an open loan, never more than is owed', async () => {
    renderScreen(summary({ borrowed: '100120', borrowable: '219880', open: loan() }));
    expect((await screen.findByTestId('loan-owed')).textContent).toBe('¥100,120.00');
    type('loan-repay-amount', '100121');
    expect(screen.getByTestId('loan-repay-refusal').dataset.refusal).toBe('repayExceeds');
    fireEvent.click(screen.getByTestId('loan-repay-all'));
    expect((screen.getByTestId('loan-repay-amount') as HTMLInputElement).value).toBe('100120');
    expect(screen.queryByTestId('loan-repay-refusal')).toBeNull();
    fireEvent.click(screen.getByTestId('loan-repay-submit'));
    const sheet = await screen.findByTestId('loan-repay-sheet');
    vi.mocked(repayLoan).mockResolvedValue({
      loan: loan({ status: 'repaid', principal: '0', interest: '0' }),
      repayment: {
        id: 'r1',
        loanId: loan().id,
        loanOrderNo: loan().orderNo,
        amount: '100120',
        interestPaid: '120',
        principalPaid: '100000',
        createdAt: '2026-11-30T01:00:00.000Z',
      },
    });
    fireEvent.click(within(sheet).getByTestId('loan-repay-sheet-confirm'));
    await waitFor(() => expect(repayLoan).toHaveBeenCalledTimes(1));
    expect(vi.mocked(repayLoan).mock.calls[0]?.[0]).toEqual({ id: loan().id, amount: '100120' });
  });
});
