import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { commitmentOf, draw } from '@kabuto/domain/ipo/lottery';
import { IpoOfferingDetailScreen } from './offering-detail.screen.tsx';
import {
  fetchDraw,
  fetchOffering,
  payEntry,
  subscribeOffering,
  type OfferingDetail,
  type PublishedDraw,
} from '../api/ipo.api.ts';
import type * as IpoApi from '../api/ipo.api.ts';
import { entryOf, hoursFromNow, subscribingOffering } from '../offering.fixture.ts';
import { initI18n, loadCatalogueParts, translateKey } from '../../../i18n/i18n.ts';
import { showToast } from '../../../shared/api/notice-toast.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/ipo.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof IpoApi>()),
  fetchOffering: vi.fn(),
  fetchDraw: vi.fn(),
  subscribeOffering: vi.fn(),
  payEntry: vi.fn(),
}));

vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));

// The member's verification as the server knows it (user/info).
vi.mock('../../../shared/session/use-user-info.ts', () => ({
  useUserInfo: () => ({ data: { realNameStatus: 'verified' }, isPending: false }),
}));

function renderDetail(offering: OfferingDetail) {
  vi.mocked(fetchOffering).mockResolvedValue(offering);
  window.location.hash = `#/market/subscribeDetail?id=${offering.id}`;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IpoOfferingDetailScreen />
    </QueryClientProvider>,
  );
}

const typeShares = (text: string) =>
  fireEvent.change(screen.getByTestId('ipo-subscribe-shares'), { target: { value: text } });

describe('one offering: applying (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the amount held as the member types, and refuses a count off the 100-share unit before sending it', async () => {
    renderDetail(subscribingOffering());
    expect((await screen.findByTestId('ipo-subscribe-amount')).textContent).toBe('¥125,000.00');
    expect(screen.getByTestId('ipo-subscribe-available').textContent).toBe('¥500,000.00');
    expect(screen.getByTestId('ipo-commitment-value').textContent).toBe(subscribingOffering().commitment);

    // Full-width digits are read as digits (SPEC §5: digit fields strip the rest).
    typeShares('３００株');
    expect((screen.getByTestId('ipo-subscribe-shares') as HTMLInputElement).value).toBe('300');
    expect(screen.getByTestId('ipo-subscribe-amount').textContent).toBe('¥375,000.00');
    expect(screen.getByTestId('ipo-subscribe-after').textContent).toBe('¥125,000.00');

    typeShares('150');
    const refusal = screen.getByTestId('ipo-subscribe-refusal');
    expect(refusal.dataset.refusal).toBe('sharesRequired');
    expect(refusal.textContent).toContain(translateKey(errorKeys.ipo.sharesRequired));
    const submit = screen.getByTestId('ipo-subscribe-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(submit);
    expect(screen.queryByTestId('ipo-sheet-confirm')).toBeNull();

    // More than is available is refused too, with the catalogue's "insufficient available" words.
    typeShares('500');
    expect(screen.getByTestId('ipo-subscribe-refusal').textContent).toContain(
      translateKey(errorKeys.funds.insufficientAvailable),
    );

    fireEvent.click(screen.getByTestId('ipo-subscribe-shares-down'));
    expect((screen.getByTestId('ipo-subscribe-shares') as HTMLInputElement).value).toBe('400');
    expect(screen.queryByTestId('ipo-subscribe-refusal')).toBeNull();
    expect(subscribeOffering).not.toHaveBeenCalled();
  });

  it('restates the hold in a sheet and subscribes with an idempotency key', async () => {
    vi.mocked(subscribeOffering).mockResolvedValue(entryOf({ shares: '200', held: '250000' }));
    renderDetail(subscribingOffering());
    await screen.findByTestId('ipo-subscribe-amount');
    typeShares('150');
    fireEvent.click(screen.getByTestId('ipo-subscribe-shares-up'));
    expect((screen.getByTestId('ipo-subscribe-shares') as HTMLInputElement).value).toBe('200');
    fireEvent.click(screen.getByTestId('ipo-subscribe-submit'));
    expect((await screen.findByTestId('ipo-sheet-headline')).textContent).toBe('¥250,000.00');
    fireEvent.click(screen.getByTestId('ipo-sheet-confirm'));
    await waitFor(() => expect(subscribeOffering).toHaveBeenCalledTimes(1));
    expect(subscribeOffering).toHaveBeenCalledWith('42', '200', { 'Idempotency-Key': expect.any(String) });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(translateKey(successKeys.subscribed), true));
  });

  it('offers the purchase of a win before its deadline, then links the position it became', async () => {
    const won = entryOf({ status: 'won', held: '125000', won: '100', amountDue: '125000', drawnAt: hoursFromNow(-1) });
    const paid = { ...won, status: 'paid' as const, held: '0', amountPaid: '125000', positionOrderNo: 'T88' };
    vi.mocked(payEntry).mockResolvedValue(paid);
    renderDetail(subscribingOffering({ phase: 'ended', mine: won }));
    expect((await screen.findByTestId('ipo-entry')).dataset.status).toBe('won');
    expect(screen.getByTestId('ipo-entry-due').textContent).toBe('¥125,000.00');
    vi.mocked(fetchOffering).mockResolvedValue(subscribingOffering({ phase: 'ended', mine: paid }));
    fireEvent.click(screen.getByTestId('ipo-pay'));
    fireEvent.click(await screen.findByTestId('ipo-sheet-confirm'));
    await waitFor(() => expect(payEntry).toHaveBeenCalledWith('7', { 'Idempotency-Key': expect.any(String) }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(translateKey(successKeys.paid), true));
    await waitFor(() => expect(screen.getByTestId('ipo-entry').dataset.status).toBe('paid'));
    expect(screen.queryByTestId('ipo-pay')).toBeNull();
    expect(screen.getByTestId('ipo-to-position')).toBeTruthy();
  });
});

// A real draw, computed with the domain's own procedure: five entries for 1,000 shares on offer.
const secret = '3f7c2a9e5b1d4c8f0a6e2b7d9c1f3a5e7b9d0c2e4f6a8b1c3d5e7f9a0b2c4d6e';
const wrongSecret = '0'.repeat(63) + '1';
const asked = [
  { id: '5', shares: '300' },
  { id: '6', shares: '100' },
  { id: '7', shares: '500' },
  { id: '8', shares: '200' },
  { id: '9', shares: '400' },
];
const onOffer = '1000';

async function publishedDraw(): Promise<{ offering: OfferingDetail; published: PublishedDraw }> {
  const commitment = await commitmentOf(secret);
  const result = await draw(secret, asked, onOffer);
  const wonBy = new Map(result.order.map((e) => [e.id, e.won]));
  const mineWon = wonBy.get('7') ?? '0';
  const offering = subscribingOffering({
    phase: 'drawn',
    sharesOnOffer: onOffer,
    opensAt: hoursFromNow(-72),
    closesAt: hoursFromNow(-48),
    drawAt: hoursFromNow(-47),
    commitment,
    secret,
    entries: asked.length,
    winners: result.winners,
    allocated: result.allocated,
    drawnAt: hoursFromNow(-47),
    mine: entryOf({ status: mineWon === '0' ? 'notWon' : 'won', shares: '500', won: mineWon }),
  });
  const published: PublishedDraw = {
    offeringId: '42',
    commitment,
    secret,
    sharesOnOffer: onOffer,
    drawnAt: offering.drawnAt ?? '',
    entries: asked.map((e) => ({ ...e, account: `90****12${e.id}0`, won: wonBy.get(e.id) ?? '0' })),
    mine: '7',
  };
  return { offering, published };
}

const verify = () => screen.findByTestId('ipo-verify');

describe('one offering: the draw checked in the browser (docs/ipo-lottery.md)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('says "matches" for the published result of a real draw, with the entries checked and the member’s own win', async () => {
    const { offering, published } = await publishedDraw();
    vi.mocked(fetchDraw).mockResolvedValue(published);
    renderDetail(offering);
    const section = await verify();
    await waitFor(() => expect(section.dataset.result).toBe('matches'));
    expect(within(section).getByTestId('ipo-verify-count').dataset.count).toBe('5');
    const mine = within(section).getByTestId('ipo-verify-mine');
    expect(mine.dataset.won).toBe(published.entries.find((e) => e.id === '7')?.won);
    expect(screen.getByTestId('ipo-odds-winners').textContent).toContain(`${String(offering.winners)} / 5`);
    expect(screen.getByTestId('ipo-odds-allocated').textContent).toContain('/ 1,000');
  });

  it('names each entry whose published result differs from the recomputed one', async () => {
    const { offering, published } = await publishedDraw();
    // Move one unit from a winner to the entry that asked the most.
    const giver = published.entries.find((e) => e.won !== '0' && e.id !== '7');
    if (!giver) throw new Error('the draw has no other winner');
    const tampered = published.entries.map((e) =>
      e.id === giver.id
        ? { ...e, won: String(Number(e.won) - 100) }
        : e.id === '7'
          ? { ...e, won: String(Number(e.won) + 100) }
          : e,
    );
    vi.mocked(fetchDraw).mockResolvedValue({ ...published, entries: tampered });
    renderDetail(offering);
    const section = await verify();
    await waitFor(() => expect(section.dataset.result).toBe('result'));
    const rows = within(section).getAllByTestId('ipo-verify-difference');
    expect(rows.map((r) => r.dataset.entryId).sort()).toEqual([giver.id, '7'].sort());
    const own = rows.find((r) => r.dataset.entryId === '7');
    const honest = published.entries.find((e) => e.id === '7')?.won ?? '';
    expect(own?.textContent).toBe(`7${honest}${String(Number(honest) + 100)}`);
  });

  it('shows the published commitment and the hash of a revealed secret that does not match it', async () => {
    const { offering, published } = await publishedDraw();
    vi.mocked(fetchDraw).mockResolvedValue({ ...published, secret: wrongSecret });
    renderDetail(offering);
    const section = await verify();
    await waitFor(() => expect(section.dataset.result).toBe('commitment'));
    expect(within(section).getByTestId('ipo-verify-expected').textContent).toBe(offering.commitment);
    expect(within(section).getByTestId('ipo-verify-hash').textContent).toBe(await commitmentOf(wrongSecret));
  });
});
