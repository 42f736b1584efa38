import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BlockProductsScreen } from './block-products.screen.tsx';
import { fetchBlockProducts, type BlockProduct } from '../api/block.api.ts';
import type * as BlockApi from '../api/block.api.ts';
import { hoursFromNow, openProduct } from '../block.fixture.ts';
import { initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/block.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlockApi>()),
  fetchBlockProducts: vi.fn(),
}));

function renderList(items: BlockProduct[]) {
  vi.mocked(fetchBlockProducts).mockResolvedValue({ items });
  window.location.hash = '#/common/dividend';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BlockProductsScreen />
    </QueryClientProvider>,
  );
}

describe('the block-trade products (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['block']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists open and upcoming products with their terms, closed ones below, and never a withdrawn one', async () => {
    renderList([
      openProduct({ id: 'a', lockUpUntil: '2027-03-01T06:00:00.000Z', passwordRequired: true, seatOnly: true }),
      openProduct({ id: 'b', phase: 'upcoming', opensAt: hoursFromNow(2), closesAt: hoursFromNow(30) }),
      openProduct({ id: 'c', phase: 'closed', opensAt: hoursFromNow(-48), closesAt: hoursFromNow(-24) }),
      openProduct({ id: 'd', phase: 'withdrawn' }),
    ]);
    const current = await screen.findByTestId('block-list');
    const cards = within(current).getAllByTestId('block-card');
    expect(cards.map((c) => c.dataset.productId)).toEqual(['a', 'b']);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Kabuto Precision')).toBeTruthy();
    expect(first.getByTestId('block-card-price').textContent).toBe('¥2,500.00');
    expect(first.getByTestId('block-card-min').textContent).toBe('¥500,000.00');
    expect(first.getByTestId('block-card-max').textContent).toBe('1,000 shares');
    expect(first.getByTestId('block-card-lock-up').textContent).toBe('Until 2027-03-01');
    expect(first.getByTestId('block-card-window').textContent).toMatch(/JST$/);
    expect(first.getByTestId('block-tag-password').textContent).toBe('Channel password');
    expect(first.getByTestId('block-tag-seat').textContent).toBe('Seat accounts only');
    expect(first.getByTestId('block-phase').textContent).toBe('Open');
    expect(within(cards[1] as HTMLElement).getByTestId('block-card-lock-up').textContent).toBe('None');
    expect(within(cards[1] as HTMLElement).queryByTestId('block-tag-password')).toBeNull();

    const closed = within(screen.getByTestId('block-list-closed')).getAllByTestId('block-card');
    expect(closed.map((c) => c.dataset.productId)).toEqual(['c']);
    expect(screen.queryByText('Withdrawn')).toBeNull();

    fireEvent.click(first.getByTestId('block-card-open'));
    expect(window.location.hash).toBe('#/common/dividend2?id=a');
    fireEvent.click(screen.getByTestId('block-to-applications'));
    expect(window.location.hash).toBe('#/common/dividend3');
  });

  it('says so when nothing is open, and leads to the member’s applications', async () => {
    renderList([openProduct({ id: 'c', phase: 'closed', opensAt: hoursFromNow(-48), closesAt: hoursFromNow(-24) })]);
    expect((await screen.findByTestId('block-list-empty')).textContent).toContain('No block trades open now');
    expect(screen.getByTestId('block-list-closed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('block-empty-applications'));
    expect(window.location.hash).toBe('#/common/dividend3');
  });
});
