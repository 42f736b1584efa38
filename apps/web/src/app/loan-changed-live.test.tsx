import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemberEvents } from './use-member-events.ts';
import { LoanScreen } from '../features/loans/screens/loan.screen.tsx';
import { fetchLoanSummary, type LoanSummary, type LoanWire } from '../features/loans/api/loans.api.ts';
import type * as LoansApi from '../features/loans/api/loans.api.ts';
import { initI18n, loadCatalogueParts } from '../i18n/i18n.ts';
import { clearSession, signIn } from '../shared/session/session.store.ts';
import { FakeSocket } from '../shared/stream/fake-socket.ts';
import { StreamProvider } from '../shared/stream/stream-context.tsx';

vi.mock('../features/loans/api/loans.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof LoansApi>()),
  fetchLoanSummary: vi.fn(),
}));

const loan: LoanWire = {
  id: '6f1c1c53-1d6e-4c0b-9b1e-1c0f6c1b2a3d',
  orderNo: 'L20261128012805476394',
  amount: '100000',
  termDays: 30,
  plan: 'anytime',
  dailyRate: '0.0004',
  apr: '0.146',
  status: 'pending',
  principal: '0',
  interest: '0',
  interestCharged: '0',
  repaidTotal: '0',
  interestThrough: null,
  remarks: '',
  createdAt: '2026-11-27T01:00:00.000Z',
  disbursedAt: null,
  decidedAt: null,
  repaidAt: null,
  dueDate: null,
};
const summary = (open: LoanWire, borrowed: string): LoanSummary => ({
  score: 92,
  creditLimit: '320000',
  borrowable: '220000',
  borrowed,
  pending: open.status === 'pending' ? open.amount : '0',
  available: '0',
  terms: {
    open: true,
    dailyRate: '0.0004',
    apr: '0.146',
    minTermDays: 7,
    maxTermDays: 365,
    yenPerPoint: '10000',
    scoreFloor: 60,
  },
  open,
});

function LiveLoan() {
  useMemberEvents();
  return <LoanScreen />;
}

describe('member events → the credit loan screen (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['loan']);
  });
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    clearSession();
  });

  it('shows the loan paid out as soon as the loan.changed event arrives', async () => {
    vi.mocked(fetchLoanSummary).mockResolvedValue(summary(loan, '0'));
    window.location.hash = '#/user/jk';
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StreamProvider>
          <LiveLoan />
        </StreamProvider>
      </QueryClientProvider>,
    );
    await screen.findByTestId('loan-pending');
    const socket = FakeSocket.made.at(-1) as FakeSocket;
    act(() => socket.onopen?.());
    act(() => socket.say({ type: 'ready' }));
    act(() => socket.say({ type: 'subscribed', topic: 'member', seq: '1' }));
    expect(fetchLoanSummary).toHaveBeenCalledTimes(1);

    const approved = { ...loan, status: 'approved' as const, principal: '100000', disbursedAt: loan.createdAt };
    vi.mocked(fetchLoanSummary).mockResolvedValue(summary(approved, '100000'));
    act(() =>
      socket.say({
        type: 'event',
        topic: 'member',
        seq: '2',
        prevSeq: '1',
        event: { type: 'loan.changed', payload: { kind: 'loan', target: loan.orderNo, status: 'approved' } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('loan-open').dataset.status).toBe('approved'));
    expect(screen.getByTestId('loan-borrowed').textContent).toBe('¥100,000.00');
  });
});
