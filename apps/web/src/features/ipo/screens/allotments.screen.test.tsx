import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AllotmentsScreen } from './allotments.screen.tsx';
import { fetchAllotments, type Allotment } from '../api/ipo.api.ts';
import type * as IpoApi from '../api/ipo.api.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/ipo.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof IpoApi>()),
  fetchAllotments: vi.fn(),
}));

const names = { jp: 'カブト精工', en: 'Kabuto Precision', tw: '兜精工' };
const ipoShares: Allotment = {
  source: 'ipo',
  code: '9999',
  names,
  price: '1250',
  shares: '100',
  amount: '125000',
  allottedAt: '2026-12-01T01:00:00.000Z',
  listsAt: '2026-12-15T00:00:00.000Z',
  lockedUntil: '2026-12-15T00:00:00.000Z',
  status: 'locked',
  positionOrderNo: 'I2026120100001',
};
const blockShares = (over: Partial<Allotment>): Allotment => ({
  ...ipoShares,
  source: 'block',
  code: '7203',
  price: '2500',
  shares: '400',
  amount: '1000000',
  listsAt: null,
  lockedUntil: null,
  status: 'sellable',
  positionOrderNo: 'B2026120100007',
  ...over,
});

describe('the allotment record (/user/pj)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows IPO shares with their listing, and block trades without one, locked or not', async () => {
    vi.mocked(fetchAllotments).mockResolvedValue({
      items: [
        ipoShares,
        blockShares({}),
        blockShares({ positionOrderNo: 'B2', status: 'locked', lockedUntil: '2027-03-01T06:00:00.000Z' }),
      ],
    });
    window.location.hash = '#/user/pj';
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AllotmentsScreen />
      </QueryClientProvider>,
    );
    const [ipo, free, locked] = (await screen.findAllByTestId('allotment-row')).map((r) => within(r));
    expect(ipo?.getByText('IPO allotment')).toBeTruthy();
    expect(ipo?.getByTestId('allotment-when').textContent).toBe(
      'Allotted 2026-12-01 10:00 JST · listing 2026-12-15 (Tue)',
    );
    expect(ipo?.getByText('Offering price')).toBeTruthy();
    expect(free?.getByText('Block trade')).toBeTruthy();
    expect(free?.getByText('Price per share')).toBeTruthy();
    expect(free?.getByTestId('allotment-when').textContent).toBe('Allotted 2026-12-01 10:00 JST');
    expect(free?.getByTestId('allotment-locked-until').textContent).toBe(
      'No lock-up: can be sold at any time during trading hours',
    );
    expect(locked?.getByTestId('allotment-locked-until').textContent).toBe('Cannot be sold until 2027-03-01 15:00 JST');
  });
});
