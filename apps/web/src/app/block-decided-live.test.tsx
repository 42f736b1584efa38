import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemberEvents } from './use-member-events.ts';
import { BlockApplicationScreen } from '../features/block/screens/block-application.screen.tsx';
import { BlockApplicationsScreen } from '../features/block/screens/block-applications.screen.tsx';
import { fetchBlockApplication, fetchBlockApplications } from '../features/block/api/block.api.ts';
import type * as BlockApi from '../features/block/api/block.api.ts';
import { applicationOf } from '../features/block/block.fixture.ts';
import { initI18n, loadCatalogueParts } from '../i18n/i18n.ts';
import { clearSession, signIn } from '../shared/session/session.store.ts';
import { FakeSocket } from '../shared/stream/fake-socket.ts';
import { StreamProvider } from '../shared/stream/stream-context.tsx';

vi.mock('../features/block/api/block.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlockApi>()),
  fetchBlockApplication: vi.fn(),
  fetchBlockApplications: vi.fn(),
}));

const pending = applicationOf();
const approved = applicationOf({
  status: 'approved',
  turnover: '1000000',
  remarks: 'Approved.',
  positionOrderNo: 'B2026120100007',
  decidedAt: '2026-12-01T03:30:00.000Z',
});

/** The app shell's part that matters here: the member's events, then the application and the list. */
function LiveBlock() {
  useMemberEvents();
  return (
    <>
      <BlockApplicationScreen />
      <BlockApplicationsScreen />
    </>
  );
}

describe('member events → the block-trade application (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['block']);
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

  it('shows staff’s decision on the detail and the list as soon as the block.decided event arrives', async () => {
    vi.mocked(fetchBlockApplication).mockResolvedValue(pending);
    vi.mocked(fetchBlockApplications).mockResolvedValue({ items: [pending], total: 1 });
    window.location.hash = `#/common/dividend4?id=${pending.id}`;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StreamProvider>
          <LiveBlock />
        </StreamProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('block-application').dataset.status).toBe('pending'));
    await waitFor(() => expect(screen.getByTestId('block-application-row').dataset.status).toBe('pending'));
    const socket = FakeSocket.made.at(-1) as FakeSocket;
    act(() => socket.onopen?.());
    act(() => socket.say({ type: 'ready' }));
    act(() => socket.say({ type: 'subscribed', topic: 'member', seq: '1' }));
    // Subscribing refetches nothing: only the event below may bring the decision.
    expect(fetchBlockApplication).toHaveBeenCalledTimes(1);

    vi.mocked(fetchBlockApplication).mockResolvedValue(approved);
    vi.mocked(fetchBlockApplications).mockResolvedValue({ items: [approved], total: 1 });
    act(() =>
      socket.say({
        type: 'event',
        topic: 'member',
        seq: '2',
        prevSeq: '1',
        event: { type: 'block.decided', payload: { kind: 'block', target: pending.orderNo, status: 'approved' } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('block-application').dataset.status).toBe('approved'));
    await waitFor(() => expect(screen.getByTestId('block-application-row').dataset.status).toBe('approved'));
    expect(screen.getByTestId('block-app-position').textContent).toBe('B2026120100007');
  });
});
