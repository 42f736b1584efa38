import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemberEvents } from './use-member-events.ts';
import { MemberCentreScreen } from '../features/funds/screens/member-centre.screen.tsx';
import { fetchAssets, fetchRealNameStatus, fetchSeatStatus, type SeatState } from '../features/funds/api/funds.api.ts';
import type * as FundsApi from '../features/funds/api/funds.api.ts';
import { initI18n, loadCatalogueParts } from '../i18n/i18n.ts';
import { clearSession, signIn } from '../shared/session/session.store.ts';
import { FakeSocket } from '../shared/stream/fake-socket.ts';
import { StreamProvider } from '../shared/stream/stream-context.tsx';

vi.mock('../features/funds/api/funds.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof FundsApi>()),
  fetchAssets: vi.fn(),
  fetchRealNameStatus: vi.fn(),
  fetchSeatStatus: vi.fn(),
}));

vi.mock('../shared/session/use-user-info.ts', () => ({
  userInfoKey: (token: string) => ['user/info', token],
  useUserInfo: () => ({
    data: { account: '0701234567', realNameStatus: 'verified', role: null, restrictions: [] },
    isPending: false,
  }),
}));

const pending: SeatState = {
  status: 'pending',
  orderNo: 'S2026120100001',
  appliedAt: '2026-12-01T01:00:00.000Z',
  decidedAt: null,
  remarks: '',
};
const rejected: SeatState = {
  ...pending,
  status: 'rejected',
  decidedAt: '2026-12-01T03:30:00.000Z',
  remarks: 'Please contact customer service about this application.',
};

/** The app shell's part that matters here: the member's events, then the member centre. */
function LiveCentre() {
  useMemberEvents();
  return <MemberCentreScreen />;
}

const seatStatus = () => screen.getByTestId('uc-seat').dataset.status;

describe('member events → the seat account in the member centre (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['funds']);
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

  it('shows staff’s decision as soon as the seat.decided event arrives', async () => {
    vi.mocked(fetchAssets).mockResolvedValue({
      currency: 'JPY',
      totalAssets: '0',
      available: '0',
      frozen: '0',
      profit: '0',
      balances: [],
      realNameStatus: 'verified',
    });
    vi.mocked(fetchRealNameStatus).mockResolvedValue({ status: 'verified', reason: null } as never);
    vi.mocked(fetchSeatStatus).mockResolvedValue(pending);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StreamProvider>
          <LiveCentre />
        </StreamProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(seatStatus()).toBe('pending'));
    const socket = FakeSocket.made.at(-1) as FakeSocket;
    act(() => socket.onopen?.());
    act(() => socket.say({ type: 'ready' }));
    act(() => socket.say({ type: 'subscribed', topic: 'member', seq: '1' }));
    // Subscribing refetches nothing: only the event below may bring the decision.
    expect(fetchSeatStatus).toHaveBeenCalledTimes(1);

    vi.mocked(fetchSeatStatus).mockResolvedValue(rejected);
    act(() =>
      socket.say({
        type: 'event',
        topic: 'member',
        seq: '2',
        prevSeq: '1',
        event: { type: 'seat.decided', payload: { kind: 'seat', target: 'S2026120100001', status: 'rejected' } },
      }),
    );
    await waitFor(() => expect(seatStatus()).toBe('rejected'));
    expect(within(screen.getByTestId('uc-seat')).getByTestId('uc-seat-reason').textContent).toBe(
      'Reason: Please contact customer service about this application.',
    );
  });
});
