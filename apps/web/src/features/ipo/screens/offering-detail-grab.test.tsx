import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { IpoOfferingDetailScreen } from './offering-detail.screen.tsx';
import { fetchDraw, fetchGrabOrder, fetchOffering, grabShares, type OfferingDetail } from '../api/ipo.api.ts';
import type * as IpoApi from '../api/ipo.api.ts';
import { entryOf, grabOffering, grabWindowWire, hoursFromNow } from '../offering.fixture.ts';
import { initI18n, loadCatalogueParts, translateKey } from '../../../i18n/i18n.ts';
import { showToast } from '../../../shared/api/notice-toast.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/ipo.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof IpoApi>()),
  fetchOffering: vi.fn(),
  fetchDraw: vi.fn(),
  fetchGrabOrder: vi.fn(),
  grabShares: vi.fn(),
}));

vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));

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

const section = () => screen.findByTestId('ipo-grab');
const button = () => screen.getByTestId('ipo-grab-submit') as HTMLButtonElement;
const served = { seq: 2, shares: '100', amount: '125000', at: hoursFromNow(0), positionOrderNo: 'T91' };

describe('one offering: grab shares (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['ipo']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  beforeEach(() => {
    // The draw's own check is another test's business: its published list never arrives here.
    vi.mocked(fetchDraw).mockReturnValue(new Promise(() => undefined));
  });

  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the window, the shares re-offered and left, and offers one unit at the offering price', async () => {
    renderDetail(grabOffering({ grab: grabWindowWire({ taken: '100' }) }));
    const grab = await section();
    expect(grab.dataset.phase).toBe('open');
    expect(within(grab).getByTestId('ipo-grab-phase').textContent).toBe('Open');
    expect(within(grab).getByTestId('ipo-grab-offered').textContent).toBe('300 shares');
    expect(within(grab).getByTestId('ipo-grab-left').textContent).toBe('200 shares');
    expect(within(grab).getByTestId('ipo-grab-note').textContent).toMatch(/^Open until .+ JST, while shares remain\.$/);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Grab 100 shares (¥125,000.00)');
    expect(screen.queryByTestId('ipo-grab-refusal')).toBeNull();
  });

  it('keeps the button disabled, with the reason, whenever the shared check refuses or the shares are gone', async () => {
    const cases: [OfferingDetail, string, string][] = [
      [
        grabOffering({ available: '100000' }),
        'insufficientBalance',
        translateKey(errorKeys.funds.insufficientAvailable),
      ],
      [
        grabOffering({ grab: grabWindowWire({ opensAt: hoursFromNow(1), closesAt: hoursFromNow(2) }) }),
        'notGrabTime',
        translateKey(errorKeys.ipo.notGrabTime),
      ],
      [grabOffering({ grab: grabWindowWire({ taken: '300' }) }), 'soldOut', 'Sold out: no re-offered shares are left.'],
    ];
    for (const [offering, refusal, text] of cases) {
      renderDetail(offering);
      await section();
      const line = screen.getByTestId('ipo-grab-refusal');
      expect([refusal, line.dataset.refusal, line.textContent]).toEqual([
        refusal,
        refusal,
        expect.stringContaining(text),
      ]);
      expect(button().disabled).toBe(true);
      fireEvent.click(button());
      expect(screen.queryByTestId('ipo-grab-sheet-confirm')).toBeNull();
      cleanup();
    }
    expect(grabShares).not.toHaveBeenCalled();
  });

  it('offers nothing to a member whose entry won, or after the window has closed', async () => {
    renderDetail(grabOffering({ mine: entryOf({ status: 'paid', won: '100', positionOrderNo: 'T80' }) }));
    await section();
    expect(screen.queryByTestId('ipo-grab-submit')).toBeNull();
    cleanup();

    renderDetail(grabOffering({ grab: grabWindowWire({ opensAt: hoursFromNow(-3), closesAt: hoursFromNow(-1) }) }));
    const grab = await section();
    expect(grab.dataset.phase).toBe('ended');
    expect(screen.queryByTestId('ipo-grab-submit')).toBeNull();
  });

  it('restates the amount in the sheet, sends the press with an idempotency key, then shows the place and the position', async () => {
    vi.mocked(grabShares).mockResolvedValue({ result: 'won', grab: served });
    renderDetail(grabOffering());
    await section();
    fireEvent.click(button());
    expect((await screen.findByTestId('ipo-grab-sheet-headline')).textContent).toBe('¥125,000.00');
    expect(screen.getByTestId('ipo-grab-sheet-rows').textContent).toContain('¥375,000.00'); // available after
    vi.mocked(fetchOffering).mockResolvedValue(
      grabOffering({ myGrab: served, available: '375000', grab: grabWindowWire({ taken: '200' }) }),
    );
    fireEvent.click(screen.getByTestId('ipo-grab-sheet-confirm'));
    await waitFor(() => expect(grabShares).toHaveBeenCalledWith('42', { 'Idempotency-Key': expect.any(String) }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(translateKey(successKeys.grabbed), true));
    const mine = await screen.findByTestId('ipo-grab-mine');
    expect(mine.dataset.seq).toBe('2');
    expect(within(mine).getByTestId('ipo-grab-mine-place').textContent).toBe('No. 2');
    expect(within(mine).getByTestId('ipo-grab-mine-amount').textContent).toBe('¥125,000.00');
    expect(screen.queryByTestId('ipo-grab-submit')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('ipo-grab-left').textContent).toBe('100 shares'));
    fireEvent.click(within(mine).getByTestId('ipo-grab-to-position'));
    expect(window.location.hash).toBe('#/position/positionDetail?orderNo=T91');
  });

  it('says "sold out" when the shares went first: a plain message, no error and no success notice', async () => {
    vi.mocked(grabShares).mockResolvedValue({ result: 'soldOut', grab: null });
    renderDetail(grabOffering({ grab: grabWindowWire({ taken: '200' }) }));
    await section();
    fireEvent.click(button());
    vi.mocked(fetchOffering).mockResolvedValue(grabOffering({ grab: grabWindowWire({ taken: '300' }) }));
    fireEvent.click(await screen.findByTestId('ipo-grab-sheet-confirm'));
    const message = await screen.findByTestId('ipo-grab-sold-out');
    expect(message.getAttribute('role')).toBe('status');
    expect(message.textContent).toContain('Nothing was charged');
    expect(screen.queryByTestId('ipo-grab-submit')).toBeNull();
    expect(screen.queryByTestId('ipo-error')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
    await waitFor(() => expect((screen.getByTestId('ipo-grab') as HTMLElement).dataset.phase).toBe('soldOut'));
  });

  it('shows the member’s unit from the detail, and the published serving order when opened', async () => {
    vi.mocked(fetchGrabOrder).mockResolvedValue({
      offeringId: '42',
      shares: '300',
      items: [
        { seq: 1, account: '90****1111', at: '2026-12-10T00:00:01.000Z' },
        { seq: 2, account: '90****2222', at: '2026-12-10T00:00:02.500Z' },
      ],
    });
    renderDetail(grabOffering({ myGrab: served, grab: grabWindowWire({ taken: '200' }) }));
    const grab = await section();
    expect(within(grab).getByTestId('ipo-grab-mine').dataset.seq).toBe('2');
    expect(screen.queryByTestId('ipo-grab-submit')).toBeNull();
    expect(fetchGrabOrder).not.toHaveBeenCalled();

    const toggle = within(grab).getByTestId('ipo-grab-order-toggle');
    expect(toggle.textContent).toBe('Show the serving order (2)');
    fireEvent.click(toggle);
    const rows = await within(grab).findAllByTestId('ipo-grab-order-row');
    expect(rows.map((r) => r.textContent)).toEqual(['190****111112/10 09:00:01', '290****222212/10 09:00:02']);
    expect(fetchGrabOrder).toHaveBeenCalledWith('42', expect.anything());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the button when the window opens, by the clock in the browser, without asking the server again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    renderDetail(
      grabOffering({ grab: grabWindowWire({ opensAt: hoursFromNow(5 / 3_600), closesAt: hoursFromNow(1) }) }),
    );
    const grab = await section();
    expect(grab.dataset.phase).toBe('notYetOpen');
    expect(button().disabled).toBe(true);
    expect(fetchOffering).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(grab.dataset.phase).toBe('open');
    expect(button().disabled).toBe(false);
    expect(fetchOffering).toHaveBeenCalledTimes(1);
  });
});
