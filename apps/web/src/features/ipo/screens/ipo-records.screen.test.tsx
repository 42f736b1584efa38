import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IpoRecordsScreen } from './ipo-records.screen.tsx';
import { fetchIpoRecords, type IpoEntry } from '../api/ipo.api.ts';
import type * as IpoApi from '../api/ipo.api.ts';
import { entryOf } from '../offering.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/ipo.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof IpoApi>()),
  fetchIpoRecords: vi.fn(),
}));

const paid = entryOf({
  id: '11',
  status: 'paid',
  held: '0',
  won: '100',
  amountDue: '125000',
  amountPaid: '125000',
  positionOrderNo: 'T88',
  subscribedAt: '2026-11-30T01:00:00.000Z',
  drawnAt: '2026-12-01T06:00:00.000Z',
  paidAt: '2026-12-02T00:30:00.000Z',
});
const lapsed = entryOf({
  id: '12',
  status: 'lapsed',
  held: '0',
  won: '200',
  amountDue: '250000',
  subscribedAt: '2026-11-29T02:00:00.000Z',
  drawnAt: '2026-12-01T06:00:00.000Z',
  endedAt: '2026-12-03T06:00:00.000Z',
  endReason: 'Not confirmed by the deadline',
});
const notWon = entryOf({
  id: '13',
  status: 'notWon',
  held: '0',
  subscribedAt: '2026-11-29T01:00:00.000Z',
  drawnAt: '2026-12-01T06:00:00.000Z',
});
const waiting = entryOf({ id: '14', subscribedAt: '2026-11-28T01:00:00.000Z' });

function renderRecords(items: IpoEntry[]) {
  vi.mocked(fetchIpoRecords).mockResolvedValue({ items });
  window.location.hash = '#/market/subscribeRecord';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IpoRecordsScreen />
    </QueryClientProvider>,
  );
}

const rowOf = (id: string) => {
  const row = screen.getAllByTestId('ipo-record-row').find((r) => r.dataset.entryId === id);
  if (!row) throw new Error(`no record row for entry ${id}`);
  return row;
};
const stepsOf = (row: HTMLElement) => within(row).getAllByTestId('ipo-record-step');

describe('the IPO record (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists every state change of each entry with its time (JST) and amounts', async () => {
    renderRecords([paid, lapsed, notWon, waiting]);
    await screen.findByTestId('ipo-records');
    expect(screen.getAllByTestId('ipo-record-row').map((r) => r.dataset.status)).toEqual([
      'paid',
      'lapsed',
      'notWon',
      'awaitingDraw',
    ]);

    const paidSteps = stepsOf(rowOf('11'));
    expect(paidSteps.map((s) => s.dataset.step)).toEqual(['subscribed', 'won', 'paid']);
    expect(paidSteps[0]?.textContent).toBe('Applied for 300 shares: ¥375,000.00 held2026-11-30 10:00 JST');
    expect(paidSteps[1]?.textContent).toBe('Won 100 shares in the lottery: ¥125,000.00 due2026-12-01 15:00 JST');
    expect(paidSteps[2]?.textContent).toBe('Purchase confirmed: ¥125,000.00 paid2026-12-02 09:30 JST');
    expect(within(rowOf('11')).getByTestId('ipo-record-paid').textContent).toBe('¥125,000.00');

    const lapsedSteps = stepsOf(rowOf('12'));
    expect(lapsedSteps.map((s) => s.dataset.step)).toEqual(['subscribed', 'won', 'lapsed']);
    expect(lapsedSteps[2]?.textContent).toContain('Reason: Not confirmed by the deadline');
    expect(lapsedSteps[2]?.textContent).toContain('2026-12-03 15:00 JST');

    expect(stepsOf(rowOf('13')).map((s) => s.dataset.step)).toEqual(['subscribed', 'notWon']);
    // The step still ahead has no time yet.
    const ahead = stepsOf(rowOf('14'));
    expect(ahead.map((s) => s.dataset.step)).toEqual(['subscribed', 'awaitingDraw']);
    expect(ahead[1]?.textContent).toBe('Awaiting the lottery');
  });

  it('keeps the entries the lottery decided on the lottery tab, and says so when there are none', async () => {
    renderRecords([paid, waiting]);
    await screen.findByTestId('ipo-records');
    fireEvent.click(screen.getByText('Lottery results'));
    await waitFor(() => expect(screen.getAllByTestId('ipo-record-row').map((r) => r.dataset.entryId)).toEqual(['11']));
    cleanup();
    renderRecords([waiting]);
    await screen.findByTestId('ipo-records');
    fireEvent.click(screen.getByText('Lottery results'));
    expect((await screen.findByTestId('ipo-records-empty')).textContent).toContain('No lottery results yet');
  });
});
