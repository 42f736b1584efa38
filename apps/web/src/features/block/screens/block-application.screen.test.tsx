import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys } from '@kabuto/contracts/errors';
import { BlockApplicationScreen } from './block-application.screen.tsx';
import { BlockApplicationsScreen } from './block-applications.screen.tsx';
import { fetchBlockApplication, fetchBlockApplications, type BlockApplication } from '../api/block.api.ts';
import type * as BlockApi from '../api/block.api.ts';
import { applicationOf } from '../block.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/block.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlockApi>()),
  fetchBlockApplication: vi.fn(),
  fetchBlockApplications: vi.fn(),
}));

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderDetail(id: string) {
  window.location.hash = `#/common/dividend4?id=${id}`;
  return render(
    <QueryClientProvider client={client()}>
      <BlockApplicationScreen />
    </QueryClientProvider>,
  );
}

const approved: BlockApplication = applicationOf({
  status: 'approved',
  turnover: '1000000',
  remarks: 'Approved after review.',
  lockUpUntil: '2027-03-01T06:00:00.000Z',
  positionOrderNo: 'B2026120100007',
  decidedAt: '2026-12-01T03:30:00.000Z',
});

describe('the member’s block-trade applications (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['block']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists each application with its shares, amount, status and time, a page at a time', async () => {
    vi.mocked(fetchBlockApplications)
      .mockResolvedValueOnce({ items: [approved], total: 2 })
      .mockResolvedValueOnce({ items: [applicationOf({ id: 'older', status: 'rejected' })], total: 2 });
    window.location.hash = '#/common/dividend3';
    render(
      <QueryClientProvider client={client()}>
        <BlockApplicationsScreen />
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('block-application-row');
    expect(row.dataset.status).toBe('approved');
    expect(within(row).getByTestId('block-status').textContent).toBe('Approved');
    expect(within(row).getByTestId('block-row-shares').textContent).toBe('400 shares');
    expect(within(row).getByTestId('block-row-amount').textContent).toBe('¥1,000,000.00');
    expect(row.textContent).toContain('Applied 2026-12-01 10:00 JST');

    fireEvent.click(screen.getByTestId('block-applications-more'));
    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(fetchBlockApplications).toHaveBeenLastCalledWith(2, 20, expect.anything());
    expect(screen.queryByTestId('block-applications-more')).toBeNull();

    fireEvent.click(within(row).getByTestId('block-application-open'));
    expect(window.location.hash).toBe(`#/common/dividend4?id=${approved.id}`);
  });

  it('shows every field of an approved application and links the position it became', async () => {
    vi.mocked(fetchBlockApplication).mockResolvedValue(approved);
    renderDetail(approved.id);
    const detail = await screen.findByTestId('block-application');
    const text = (id: string) => within(detail).getByTestId(id).textContent;
    expect(text('block-app-name')).toBe('Kabuto Precision');
    expect(text('block-app-code')).toBe('9999');
    expect(text('block-app-price')).toBe('¥2,500.00');
    expect(text('block-app-amount')).toBe('¥1,000,000.00');
    expect(text('block-app-shares')).toBe('400 shares');
    expect(text('block-app-turnover')).toBe('¥1,000,000.00');
    expect(text('block-app-min')).toBe('¥500,000.00');
    expect(text('block-app-status')).toBe('Approved');
    expect(text('block-app-remarks')).toBe('Approved after review.');
    expect(text('block-app-lock-up')).toBe('Until 2027-03-01 15:00 JST');
    expect(text('block-app-position')).toBe('B2026120100007');
    expect(text('block-app-applied')).toBe('2026-12-01 10:00 JST');
    expect(text('block-app-decided')).toBe('2026-12-01 12:30 JST');
    fireEvent.click(screen.getByTestId('block-to-position'));
    expect(window.location.hash).toBe('#/position/positionDetail?orderNo=B2026120100007');
  });

  it('says what happens next while under review, with no position yet', async () => {
    vi.mocked(fetchBlockApplication).mockResolvedValue(applicationOf());
    renderDetail(applicationOf().id);
    expect((await screen.findByTestId('block-app-next')).textContent).toMatch(/reviewing/);
    expect(screen.getByTestId('block-app-turnover').textContent).toBe('¥0.00');
    expect(screen.getByTestId('block-app-remarks').textContent).toBe('—');
    expect(screen.getByTestId('block-app-decided').textContent).toBe('—');
    expect(screen.queryByTestId('block-app-position')).toBeNull();
    expect(screen.queryByTestId('block-to-position')).toBeNull();
  });

  it('says an application that is not the member’s was not found', async () => {
    vi.mocked(fetchBlockApplication).mockRejectedValue(new ApiError('refusal', errorKeys.order.notExist, 404));
    renderDetail('5b0b3f1e-0000-4000-8000-000000000000');
    expect((await screen.findByTestId('block-application-missing')).textContent).toContain('Application not found');
  });
});
