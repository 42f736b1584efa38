import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemberEvents } from './use-member-events.ts';
import { FollowScreen } from '../features/copy/screens/follow.screen.tsx';
import { fetchFollow, type FollowDetail } from '../features/copy/api/copy.api.ts';
import type * as CopyApi from '../features/copy/api/copy.api.ts';
import { initI18n, loadCatalogueParts } from '../i18n/i18n.ts';
import { clearSession, signIn } from '../shared/session/session.store.ts';
import { FakeSocket } from '../shared/stream/fake-socket.ts';
import { StreamProvider } from '../shared/stream/stream-context.tsx';

vi.mock('../features/copy/api/copy.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CopyApi>()),
  fetchFollow: vi.fn(),
}));

const follow: FollowDetail = {
  id: 'f1',
  strategyId: 's1',
  names: { jp: '大型株', en: 'Large caps', tw: '大型股' },
  issuer: 'Kabuto Quant Desk',
  capital: '600000',
  stopLoss: null,
  status: 'inProgress',
  endReason: null,
  startedAt: '2026-11-27T01:00:00.000Z',
  endsAt: '2026-12-27T01:00:00.000Z',
  endedAt: null,
  free: '600000',
  equity: '600000',
  openPositions: 0,
  profit: null,
  fee: null,
  returned: null,
  performanceFee: '0.1',
  mirrors: [],
};

function LiveFollow() {
  useMemberEvents();
  return <FollowScreen />;
}

describe('member events → one follow (issue 26)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['copy']);
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

  it('shows the lead’s trade mirrored as soon as the copy.changed event arrives', async () => {
    vi.mocked(fetchFollow).mockResolvedValue(follow);
    window.location.hash = '#/follow/follow?id=f1';
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StreamProvider>
          <LiveFollow />
        </StreamProvider>
      </QueryClientProvider>,
    );
    await screen.findByTestId('copy-mirrors-empty');
    const socket = FakeSocket.made.at(-1) as FakeSocket;
    act(() => socket.onopen?.());
    act(() => socket.say({ type: 'ready' }));
    act(() => socket.say({ type: 'subscribed', topic: 'member', seq: '1' }));
    expect(fetchFollow).toHaveBeenCalledTimes(1);

    vi.mocked(fetchFollow).mockResolvedValue({
      ...follow,
      openPositions: 1,
      mirrors: [
        {
          event: 'open',
          outcome: 'mirrored',
          code: '7203',
          names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
          side: 'long',
          lead: { orderNo: 'T1', quantity: '200', price: '2874.5', at: '2026-11-27T01:01:00.000Z' },
          proportional: '100',
          follower: { orderNo: 'C1', quantity: '100', price: '2874.5', at: '2026-11-27T01:01:01.000Z' },
          at: '2026-11-27T01:01:01.000Z',
        },
      ],
    });
    act(() =>
      socket.say({
        type: 'event',
        topic: 'member',
        seq: '2',
        prevSeq: '1',
        event: { type: 'copy.changed', payload: { followId: 'f1', what: 'mirrored' } },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('copy-mirror')).toHaveLength(1));
    expect(screen.getByTestId('copy-mirror-you-quantity').textContent).toBe('100 shares');
  });
});
