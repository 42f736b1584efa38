import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { successKeys } from '@kabuto/contracts/errors';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { reviewCalls, type SeatReview } from '../api/back-office.api.ts';
import { SeatQueue } from './review-queues.tsx';

const application: SeatReview = {
  id: '8f0e3c1a-2b4d-4e6f-9a1b-3c5d7e9f1a2b',
  orderNo: 'S2026120100001',
  memberId: '41',
  account: '0701234567',
  realName: '山田 花子',
  status: 'pending',
  remarks: '',
  createdAt: '2026-12-01T01:00:00.000Z',
  decidedAt: null,
  approvals: 0,
  approvalsRequired: 1,
  approvedBy: [],
};
const decided: SeatReview = {
  ...application,
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  orderNo: 'S2026113000007',
  account: '0709876543',
  status: 'rejected',
  remarks: 'Please contact customer service about this application.',
  createdAt: '2026-11-30T02:00:00.000Z',
  decidedAt: '2026-11-30T05:15:00.000Z',
};

// The kit's toast needs the app's React 19 root (main.tsx); here it is only a call.
vi.mock('../../../shared/api/notice.ts', () => ({ showSuccess: vi.fn(), showNotice: vi.fn() }));

vi.mock('../api/back-office.api.ts', () => {
  const queue = () => ({ list: vi.fn(async () => ({ items: [], total: 0 })), decide: vi.fn() });
  return {
    adminKeys: {
      counts: ['admin/queues/counts'],
      realName: ['admin/realName/list'],
      deposits: ['admin/deposits/list'],
      withdrawals: ['admin/withdrawals/list'],
      seats: ['admin/seat/list'],
      block: ['admin/block/applications'],
    },
    reviewCalls: { realName: queue(), deposits: queue(), withdrawals: queue(), seats: queue(), block: queue() },
  };
});

const list = () => vi.mocked(reviewCalls.seats.list);
const decide = () => vi.mocked(reviewCalls.seats.decide);

function renderQueue(mayDecide: boolean, items: SeatReview[] = [application]) {
  list().mockImplementation(async ({ status }) => {
    const shown = items.filter((i) => i.status === status);
    return { items: shown, total: shown.length };
  });
  const onOpenMember = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SeatQueue mayDecide={mayDecide} onOpenMember={onOpenMember} />
    </QueryClientProvider>,
  );
  return { onOpenMember };
}

describe('back office → seat-account applications (issue 25, SPEC §6)', () => {
  beforeAll(async () => {
    // jsdom does not lay out: on a narrow screen the detail pane scrolls itself into view…
    Element.prototype.scrollIntoView = vi.fn();
    // …and has no media queries: a wide (desktop) back office, the detail pane beside the table.
    window.matchMedia = vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin', 'funds']);
    await changeLang('en');
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists a pending application with order number, account, verified name, applied time and approvals', async () => {
    renderQueue(true);
    const row = await screen.findByTestId('admin-row');
    expect(screen.getByTestId('admin-queue-seats')).toBeTruthy();
    expect(list()).toHaveBeenCalledWith({ status: 'pending', page: 1, pageSize: 20 }, expect.anything());
    expect(row.dataset['account']).toBe('0701234567');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['12/01 10:00', 'S2026120100001', '0701234567', '山田 花子', '0 of 1', 'Under review']);
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual(['Submitted (JST)', 'Order number', 'Account', 'Real name', 'Approvals', 'Status']);

    fireEvent.click(row);
    const pane = screen.getByTestId('admin-detail');
    expect(within(pane).getByTestId('admin-detail-order').textContent).toBe('S2026120100001');
    expect(within(pane).getByTestId('admin-detail-name').textContent).toBe('山田 花子');
    expect(within(pane).getByTestId('admin-detail-applied').textContent).toBe('2026-12-01 10:00:00 JST');
    expect(within(pane).getByTestId('admin-detail-approvals').textContent).toBe('0 of 1');
    expect(pane.textContent).toContain('“Seat accounts only”');
  });

  it('sends the approval with the reason, then says so and reloads the queue', async () => {
    decide().mockResolvedValue({ status: 'approved', approvals: 1, approvalsRequired: 1 });
    renderQueue(true);
    fireEvent.click(await screen.findByTestId('admin-row'));
    fireEvent.click(screen.getByTestId('admin-approve'));
    const confirm = screen.getByTestId('admin-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-reason'), { target: { value: '  Account checked and approved.  ' } });
    expect(confirm.disabled).toBe(false);
    const listed = list().mock.calls.length;
    fireEvent.click(confirm);

    await waitFor(() =>
      expect(decide()).toHaveBeenCalledWith({
        id: application.id,
        decision: 'approve',
        reason: 'Account checked and approved.',
      }),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(successKeys.decided));
    await waitFor(() => expect(list().mock.calls.length).toBeGreaterThan(listed));
    expect(screen.queryByTestId('admin-detail')).toBeNull();
  });

  it('refuses a rejection without a reason, and sends it once one is written', async () => {
    decide().mockResolvedValue({ status: 'rejected', approvals: 0, approvalsRequired: 1 });
    renderQueue(true);
    fireEvent.click(await screen.findByTestId('admin-row'));
    fireEvent.click(screen.getByTestId('admin-reject'));
    const confirm = screen.getByTestId('admin-confirm') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('admin-reason'), { target: { value: ' ' } });
    expect(confirm.disabled).toBe(true);
    expect(screen.getByTestId('admin-decision').textContent).toContain('Write a reason of at least 2 characters.');
    fireEvent.click(confirm);
    expect(decide()).not.toHaveBeenCalled();

    // A suggested reason fills the field; the reviewer may send it as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Please contact customer service about this application.' }));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(decide()).toHaveBeenCalledWith({
        id: application.id,
        decision: 'reject',
        reason: 'Please contact customer service about this application.',
      }),
    );
  });

  it('shows a decided application with its reason and time, and nothing to decide', async () => {
    renderQueue(true, [application, decided]);
    await screen.findByTestId('admin-row');
    fireEvent.click(screen.getByTestId('admin-filter-rejected'));
    await waitFor(() => expect(screen.getByTestId('admin-row').dataset['account']).toBe('0709876543'));
    fireEvent.click(screen.getByTestId('admin-row'));
    const done = screen.getByTestId('admin-decided');
    expect(done.textContent).toContain('Please contact customer service about this application.');
    expect(done.textContent).toContain('2026-11-30 14:15:00 JST');
    expect(screen.queryByTestId('admin-decision')).toBeNull();
  });

  it('lets a role that may only read see the application but not decide it', async () => {
    const { onOpenMember } = renderQueue(false);
    fireEvent.click(await screen.findByTestId('admin-row'));
    expect(screen.getByTestId('admin-read-only')).toBeTruthy();
    expect(screen.queryByTestId('admin-decision')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-open-member'));
    expect(onOpenMember).toHaveBeenCalledWith('41');
  });
});
