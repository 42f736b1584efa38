import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { successKeys } from '@kabuto/contracts/errors';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { reviewCalls, type BlockReview } from '../api/back-office.api.ts';
import { BlockQueue } from './review-queues.tsx';

const application: BlockReview = {
  id: '5a7c9e1b-3d5f-4a7b-9c1d-2e4f6a8b0c1d',
  orderNo: 'B2099120100001',
  productId: '0b8f6c1e-2a4d-4e6f-9a1b-3c5d7e9f1a2b',
  code: '7203',
  names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  price: '2480',
  minAmount: '248000',
  shares: '2000',
  amount: '4960000',
  turnover: '0',
  status: 'pending',
  remarks: '',
  lockUpUntil: '2100-03-01T00:00:00.000Z',
  positionOrderNo: null,
  createdAt: '2099-12-01T01:00:00.000Z',
  decidedAt: null,
  memberId: '41',
  account: '0701234567',
  realName: '山田 花子',
  approvals: 1,
  approvalsRequired: 2,
  approvedBy: ['9000000002'],
};
const approved: BlockReview = {
  ...application,
  id: '6b8d0f2c-4e6a-4b8c-8d2e-3f5a7b9c1d2e',
  orderNo: 'B2099113000007',
  shares: '100',
  amount: '248000',
  turnover: '248000',
  status: 'approved',
  remarks: 'Checked and approved.',
  positionOrderNo: 'P2099113000042',
  approvals: 1,
  approvalsRequired: 1,
  approvedBy: ['9000000002'],
  decidedAt: '2099-11-30T05:15:00.000Z',
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

const list = () => vi.mocked(reviewCalls.block.list);
const decide = () => vi.mocked(reviewCalls.block.decide);

function renderQueue(mayDecide: boolean, items: BlockReview[] = [application]) {
  list().mockImplementation(async ({ status }) => {
    const shown = items.filter((i) => i.status === status);
    return { items: shown, total: shown.length };
  });
  const onOpenMember = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BlockQueue mayDecide={mayDecide} onOpenMember={onOpenMember} />
    </QueryClientProvider>,
  );
  return { onOpenMember };
}

describe('back office → block-trade applications (issue 25)', () => {
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

  it('lists a pending application with order, member, product, shares, price, amount, applied time and approvals', async () => {
    renderQueue(true);
    const row = await screen.findByTestId('admin-row');
    expect(screen.getByTestId('admin-queue-block')).toBeTruthy();
    expect(list()).toHaveBeenCalledWith({ status: 'pending', page: 1, pageSize: 20 }, expect.anything());
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual([
      'Submitted (JST)',
      'Order number',
      'Account',
      'Real name',
      'Product',
      'Shares',
      'Price',
      'Amount',
      'Approvals',
      'Status',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '12/01 10:00',
      'B2099120100001',
      '0701234567',
      '山田 花子',
      '7203 Toyota Motor',
      '2,000',
      '¥2,480.00',
      '¥4,960,000.00',
      '1 of 2',
      'Under review',
    ]);

    fireEvent.click(row);
    const pane = screen.getByTestId('admin-detail');
    expect(within(pane).getByTestId('admin-detail-amount').textContent).toBe('¥4,960,000.00');
    expect(within(pane).getByTestId('admin-detail-order').textContent).toBe('B2099120100001');
    expect(within(pane).getByTestId('admin-detail-name').textContent).toBe('山田 花子');
    expect(within(pane).getByTestId('admin-detail-product').textContent).toBe('7203 Toyota Motor');
    expect(within(pane).getByTestId('admin-detail-shares').textContent).toBe('2,000 shares');
    expect(within(pane).getByTestId('admin-detail-applied').textContent).toBe('2099-12-01 10:00:00 JST');
    expect(within(pane).getByTestId('admin-detail-approvals').textContent).toBe('1 of 2');
    // Four eyes: one approval so far, by whom; a second, different reviewer decides.
    expect(within(pane).getByTestId('admin-four-eyes').textContent).toBe(
      'Four eyes: 1 of 2 approvals · approved by 9000000002',
    );
  });

  it('sends the approval with the reason; a first of two approvals says so and reloads the queue', async () => {
    decide().mockResolvedValue({ status: 'pending', approvals: 2, approvalsRequired: 2 });
    renderQueue(true);
    fireEvent.click(await screen.findByTestId('admin-row'));
    fireEvent.click(screen.getByTestId('admin-approve'));
    const confirm = screen.getByTestId('admin-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-reason'), { target: { value: '  Funds held and terms met.  ' } });
    const listed = list().mock.calls.length;
    fireEvent.click(confirm);

    await waitFor(() =>
      expect(decide()).toHaveBeenCalledWith({
        id: application.id,
        decision: 'approve',
        reason: 'Funds held and terms met.',
      }),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(successKeys.firstApproval));
    await waitFor(() => expect(list().mock.calls.length).toBeGreaterThan(listed));
    expect(screen.queryByTestId('admin-detail')).toBeNull();
  });

  it('says beside the item, in words, why the server refused: the reviewer’s own case', async () => {
    decide().mockRejectedValue(new ApiError('refusal', 'errors.review.ownCase', 200));
    renderQueue(true);
    fireEvent.click(await screen.findByTestId('admin-row'));
    fireEvent.click(screen.getByTestId('admin-reject'));
    fireEvent.click(screen.getByRole('button', { name: 'Please contact customer service about this application.' }));
    fireEvent.click(screen.getByTestId('admin-confirm'));

    const refusal = await screen.findByTestId('admin-decide-refusal');
    expect(refusal.dataset['key']).toBe('errors.review.ownCase');
    expect(refusal.textContent).toBe('You cannot decide an application of your own. Another reviewer must decide it.');
    expect(showSuccess).not.toHaveBeenCalled();
    // Another row (or the same one again) starts without the old refusal.
    fireEvent.click(screen.getByTestId('admin-row'));
    expect(screen.queryByTestId('admin-decide-refusal')).toBeNull();
  });

  it('shows an approved application with what it bought, its position, reason and time, and nothing to decide', async () => {
    renderQueue(true, [application, approved]);
    await screen.findByTestId('admin-row');
    fireEvent.click(screen.getByTestId('admin-filter-approved'));
    await waitFor(() => expect(screen.getByTestId('admin-row').dataset['id']).toBe(approved.id));
    fireEvent.click(screen.getByTestId('admin-row'));
    const pane = screen.getByTestId('admin-detail');
    expect(within(pane).getByTestId('admin-detail-position').textContent).toBe('P2099113000042');
    expect(pane.textContent).toContain('Bought (trade value)¥248,000.00');
    expect(within(pane).queryByTestId('admin-four-eyes')).toBeNull(); // one approval was enough
    const done = screen.getByTestId('admin-decided');
    expect(done.textContent).toContain('Checked and approved.');
    expect(done.textContent).toContain('2099-11-30 14:15:00 JST');
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
