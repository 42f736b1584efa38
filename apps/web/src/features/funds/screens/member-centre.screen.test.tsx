import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { MemberCentreScreen } from './member-centre.screen.tsx';
import {
  applyForSeat,
  fetchAssets,
  fetchRealNameStatus,
  fetchSeatStatus,
  type Assets,
  type SeatState,
} from '../api/funds.api.ts';
import type * as FundsApi from '../api/funds.api.ts';
import { initI18n, loadCatalogueParts, translateKey } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showToast } from '../../../shared/api/notice-toast.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import type * as Navigation from '../../../shared/navigation/navigation.ts';
import { clearSession, signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/funds.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof FundsApi>()),
  fetchAssets: vi.fn(),
  fetchRealNameStatus: vi.fn(),
  fetchSeatStatus: vi.fn(),
  applyForSeat: vi.fn(),
}));

vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));

vi.mock('../../../shared/navigation/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  push: vi.fn(),
}));

// The member as the server knows them (user/info): a plain member, no staff role, no restrictions.
vi.mock('../../../shared/session/use-user-info.ts', () => ({
  userInfoKey: (token: string) => ['user/info', token],
  useUserInfo: () => ({
    data: {
      account: '0701234567',
      realNameStatus: 'verified',
      role: null,
      restrictions: [],
    },
    isPending: false,
  }),
}));

type Verification = Assets['realNameStatus'];

const assets = (realNameStatus: Verification): Assets => ({
  currency: 'JPY',
  totalAssets: '500000',
  available: '500000',
  frozen: '0',
  profit: '0',
  balances: [],
  realNameStatus,
});

const none: SeatState = { status: 'none', orderNo: null, appliedAt: null, decidedAt: null, remarks: '' };
const pending: SeatState = {
  status: 'pending',
  orderNo: 'S2026120100001',
  appliedAt: '2026-12-01T01:00:00.000Z',
  decidedAt: null,
  remarks: '',
};
const approved: SeatState = {
  ...pending,
  status: 'approved',
  decidedAt: '2026-12-01T03:30:00.000Z',
  remarks: 'Account checked and approved.',
};
const rejected: SeatState = {
  ...pending,
  status: 'rejected',
  decidedAt: '2026-12-01T03:30:00.000Z',
  remarks: 'Please contact customer service about this application.',
};

function given(seat: SeatState, verification: Verification = 'verified') {
  vi.mocked(fetchAssets).mockResolvedValue(assets(verification));
  vi.mocked(fetchRealNameStatus).mockResolvedValue({ status: verification, reason: null } as never);
  vi.mocked(fetchSeatStatus).mockResolvedValue(seat);
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderCentre(seat: SeatState, verification: Verification = 'verified') {
  given(seat, verification);
  return render(
    <QueryClientProvider client={newClient()}>
      <MemberCentreScreen />
    </QueryClientProvider>,
  );
}

const seatCard = async (status: string) => {
  await waitFor(() => expect(screen.getByTestId('uc-seat').dataset.status).toBe(status));
  return screen.getByTestId('uc-seat');
};

describe('member centre → seat account (issue 25, SPEC §6)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['funds']);
  });
  beforeEach(() => signIn({ token: 'test-token', account: '0701234567', isAdmin: false }));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });
  afterAll(clearSession);

  it('offers the application to a verified member who never applied, saying what a seat account gives', async () => {
    renderCentre(none);
    const card = await seatCard('none');
    expect(within(card).getByTestId('uc-seat-status').textContent).toBe('Not applied');
    expect(within(card).getByTestId('uc-seat-text').textContent).toContain('“Seat accounts only”');
    expect(within(card).getByTestId('uc-seat-apply').textContent).toBe('Apply');
    expect(within(card).queryByTestId('uc-seat-order')).toBeNull();
  });

  it('shows an application under review with its order number and time, and no second application', async () => {
    renderCentre(pending);
    const card = await seatCard('pending');
    expect(within(card).getByTestId('uc-seat-status').textContent).toBe('Under review');
    expect(within(card).getByTestId('uc-seat-order').textContent).toBe('S2026120100001');
    expect(card.textContent).toContain('2026-12-01 10:00 JST');
    expect(within(card).queryByTestId('uc-seat-apply')).toBeNull();
  });

  it('shows a seat account held, with no application offered', async () => {
    renderCentre(approved);
    const card = await seatCard('approved');
    expect(within(card).getByTestId('uc-seat-status').textContent).toBe('Approved');
    expect(within(card).getByTestId('uc-seat-text').textContent).toBe(
      'You hold a seat account. Products marked “Seat accounts only” are open to you.',
    );
    expect(card.textContent).toContain('2026-12-01 12:30 JST');
    expect(within(card).queryByTestId('uc-seat-apply')).toBeNull();
    expect(within(card).queryByTestId('uc-seat-reason')).toBeNull();
  });

  it('shows a rejection with staff’s reason and offers to apply again', async () => {
    renderCentre(rejected);
    const card = await seatCard('rejected');
    expect(within(card).getByTestId('uc-seat-status').textContent).toBe('Rejected');
    expect(within(card).getByTestId('uc-seat-reason').textContent).toBe(
      'Reason: Please contact customer service about this application.',
    );
    expect(within(card).getByTestId('uc-seat-apply').textContent).toBe('Apply again');
  });

  it('sends an unverified member to verification instead of applying, and asks one under review to wait', async () => {
    renderCentre(none, 'unverified');
    const card = await seatCard('none');
    await waitFor(() => expect(within(card).getByTestId('uc-seat-verify')).toBeTruthy());
    expect(within(card).queryByTestId('uc-seat-apply')).toBeNull();
    fireEvent.click(within(card).getByTestId('uc-seat-verify'));
    expect(push).toHaveBeenCalledWith('/user/bandCard');
    cleanup();

    renderCentre(none, 'pending');
    const waiting = await seatCard('none');
    await waitFor(() => expect(within(waiting).getByTestId('uc-seat-verify-pending')).toBeTruthy());
    expect(within(waiting).queryByTestId('uc-seat-apply')).toBeNull();
    expect(within(waiting).queryByTestId('uc-seat-verify')).toBeNull();
    expect(applyForSeat).not.toHaveBeenCalled();
  });

  it('applies only after the confirm sheet, with an Idempotency-Key, and shows the application under review', async () => {
    vi.mocked(applyForSeat).mockResolvedValue(pending);
    renderCentre(none);
    fireEvent.click(within(await seatCard('none')).getByTestId('uc-seat-apply'));

    const sheet = await screen.findByTestId('uc-seat-sheet');
    expect(sheet.textContent).toContain('Apply for a seat account');
    expect(sheet.textContent).toContain('0701234567');
    expect(sheet.textContent).toContain('Access to products marked “Seat accounts only”, such as block trades');
    expect(sheet.textContent).toContain('By our staff');
    expect(applyForSeat).not.toHaveBeenCalled();

    vi.mocked(fetchSeatStatus).mockResolvedValue(pending);
    fireEvent.click(screen.getByTestId('uc-seat-sheet-confirm'));
    await waitFor(() => expect(applyForSeat).toHaveBeenCalledTimes(1));
    expect(applyForSeat).toHaveBeenCalledWith({ 'Idempotency-Key': expect.any(String) });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(translateKey(successKeys.submitted), true));
    const card = await seatCard('pending');
    expect(within(card).queryByTestId('uc-seat-apply')).toBeNull();
    expect(screen.queryByTestId('uc-seat-sheet-confirm')).toBeNull();
  });

  it('closes the sheet without applying when the member dismisses it', async () => {
    renderCentre(none);
    fireEvent.click(within(await seatCard('none')).getByTestId('uc-seat-apply'));
    fireEvent.click(await screen.findByTestId('uc-seat-sheet-cancel'));
    await waitFor(() => expect(screen.queryByTestId('uc-seat-sheet-confirm')).toBeNull());
    expect(applyForSeat).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the card and the state the server has now', async () => {
    vi.mocked(applyForSeat).mockRejectedValue(new ApiError('refusal', errorKeys.seat.alreadySeat, 409));
    renderCentre(none);
    fireEvent.click(within(await seatCard('none')).getByTestId('uc-seat-apply'));
    vi.mocked(fetchSeatStatus).mockResolvedValue(approved);
    fireEvent.click(await screen.findByTestId('uc-seat-sheet-confirm'));
    expect((await screen.findByTestId('uc-seat-error')).textContent).toBe('You already hold a seat account.');
    await seatCard('approved');
  });
});
