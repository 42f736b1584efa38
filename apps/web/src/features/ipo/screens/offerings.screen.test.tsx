import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IpoOfferingsScreen } from './offerings.screen.tsx';
import { fetchOfferings, type OfferingListItem } from '../api/ipo.api.ts';
import type * as IpoApi from '../api/ipo.api.ts';
import { entryOf, grabWindowWire, hoursFromNow, subscribingOffering } from '../offering.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/ipo.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof IpoApi>()),
  fetchOfferings: vi.fn(),
}));

const listItem = (over: Partial<OfferingListItem>): OfferingListItem => {
  const { available: _available, ...offering } = subscribingOffering();
  return { ...offering, ...over };
};

function renderList(items: OfferingListItem[]) {
  vi.mocked(fetchOfferings).mockResolvedValue({ items });
  window.location.hash = '#/market/subscribe';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IpoOfferingsScreen />
    </QueryClientProvider>,
  );
}

describe('the IPO list (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=jp', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each offering in the member’s language with its phase, offering price and the member’s own entry', async () => {
    renderList([
      listItem({ id: '43', code: '9998', phase: 'notYetOpen', mine: null }),
      listItem({ id: '42', phase: 'drawn', mine: entryOf({ status: 'won', won: '100' }) }),
    ]);
    const cards = await screen.findAllByTestId('ipo-card');
    expect(cards.map((c) => [c.dataset.offeringId, c.dataset.phase])).toEqual([
      ['43', 'notYetOpen'],
      ['42', 'drawn'],
    ]);
    const drawn = cards[1] as HTMLElement;
    expect(drawn.textContent).toContain('カブト精工');
    expect(within(drawn).getByTestId('ipo-phase').textContent).toBe('抽選済み');
    expect(within(drawn).getByTestId('ipo-card-price').textContent).toBe('¥1,250.00');
    expect(within(drawn).getByTestId('ipo-card-mine').textContent).toBe('当選（購入申込待ち）');
    expect(within(drawn).getByTestId('ipo-card-entry').textContent).toBe('お申込み：300 株');
    expect(within(cards[0] as HTMLElement).queryByTestId('ipo-card-mine')).toBeNull();
    expect(screen.getByTestId('ipo-to-records')).toBeTruthy();
  });

  it('tags an offering while its grab window is open, and not before it opens or after it closes', async () => {
    renderList([
      listItem({ id: '44', phase: 'drawn', grab: grabWindowWire() }),
      listItem({
        id: '43',
        phase: 'drawn',
        grab: grabWindowWire({ opensAt: hoursFromNow(1), closesAt: hoursFromNow(2) }),
      }),
      listItem({
        id: '42',
        phase: 'drawn',
        grab: grabWindowWire({ opensAt: hoursFromNow(-2), closesAt: hoursFromNow(-1) }),
      }),
      listItem({ id: '41', phase: 'drawn', grab: grabWindowWire({ taken: '300' }) }),
    ]);
    const cards = await screen.findAllByTestId('ipo-card');
    expect(cards.map((c) => within(c).queryByTestId('ipo-card-grab')?.textContent ?? null)).toEqual([
      '追加販売 受付中',
      null,
      null,
      null,
    ]);
  });

  it('says what to do when there is no offering, with the way to the record', async () => {
    renderList([]);
    const empty = await screen.findByTestId('ipo-list-empty');
    expect(empty.textContent).toContain('現在、募集中のIPOはありません');
    expect(within(empty).getByTestId('ipo-empty-records').textContent).toBe('IPO申込履歴');
  });
});
