import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FollowScreen } from './follow.screen.tsx';
import { fetchFollow, stopFollow, type FollowDetail } from '../api/copy.api.ts';
import type * as CopyApi from '../api/copy.api.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/copy.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CopyApi>()),
  fetchFollow: vi.fn(),
  stopFollow: vi.fn(),
}));

const names = { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' };
const follow: FollowDetail = {
  id: 'f1',
  strategyId: 's1',
  names: { jp: '大型株', en: 'Large caps', tw: '大型股' },
  issuer: 'Kabuto Quant Desk',
  capital: '600000',
  stopLoss: { percent: '30' },
  status: 'inProgress',
  endReason: null,
  startedAt: '2026-11-27T01:00:00.000Z',
  endsAt: '2026-12-27T01:00:00.000Z',
  endedAt: null,
  free: '312263',
  equity: '599663',
  openPositions: 1,
  profit: null,
  fee: null,
  returned: null,
  performanceFee: '0.1',
  mirrors: [
    {
      event: 'open',
      outcome: 'mirrored',
      code: '7203',
      names,
      side: 'long',
      lead: { orderNo: 'T1', quantity: '200', price: '2874.5', at: '2026-11-27T01:01:00.000Z' },
      proportional: '100',
      follower: { orderNo: 'C1', quantity: '100', price: '2874.5', at: '2026-11-27T01:01:01.000Z' },
      at: '2026-11-27T01:01:01.000Z',
    },
    {
      event: 'open',
      outcome: 'belowUnit',
      code: '6758',
      names,
      side: 'long',
      lead: { orderNo: 'T2', quantity: '100', price: '3000', at: '2026-11-27T01:00:30.000Z' },
      proportional: '50',
      follower: null,
      at: '2026-11-27T01:00:31.000Z',
    },
  ],
};

function renderFollow() {
  window.location.hash = '#/follow/follow?id=f1';
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FollowScreen />
    </QueryClientProvider>,
  );
}

describe('one follow (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['copy']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each lead trade beside the follower’s fill, and the trade not mirrored below one unit', async () => {
    vi.mocked(fetchFollow).mockResolvedValue(follow);
    renderFollow();
    const rows = await screen.findAllByTestId('copy-mirror');
    expect(rows).toHaveLength(2);
    const [copied, below] = rows as [HTMLElement, HTMLElement];
    expect(within(copied).getByTestId('copy-mirror-lead-quantity').textContent).toBe('200 shares');
    expect(within(copied).getByTestId('copy-mirror-you-quantity').textContent).toBe('100 shares');
    expect(within(copied).getByTestId('copy-mirror-lead-price').textContent).toBe('¥2,874.50');
    expect(within(copied).getByText('Buy to open')).toBeTruthy();
    expect(within(below).getByTestId('copy-mirror-outcome').textContent).toBe('Not mirrored: below one unit');
    expect(within(below).getByTestId('copy-mirror-proportion').textContent).toContain('50 shares');
  });

  it('stops following only after the sheet is confirmed, with an Idempotency-Key', async () => {
    vi.mocked(fetchFollow).mockResolvedValue(follow);
    vi.mocked(stopFollow).mockResolvedValue({ ...follow, status: 'ended' });
    renderFollow();
    fireEvent.click(await screen.findByTestId('copy-stop'));
    expect(stopFollow).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('copy-stop-sheet-confirm'));
    await vi.waitFor(() => expect(stopFollow).toHaveBeenCalledTimes(1));
    const [id, headers] = vi.mocked(stopFollow).mock.calls[0] as [string, Record<string, string>];
    expect(id).toBe('f1');
    expect(Object.keys(headers).some((k) => k.toLowerCase() === 'idempotency-key')).toBe(true);
  });
});
