import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { cancelOffering, createOffering, fetchAdminOfferings, setGrabWindow } from '../api/ipo-admin.api.ts';
import { IpoAdmin } from './ipo-admin.tsx';

const commitment = 'a3f1c29e0b7d4e6f8a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778';
const offering = {
  id: '1',
  code: '5599',
  names: { jp: 'カブトテック', en: 'Kabuto Tech', tw: '兜科技' },
  price: '1250',
  sharesOnOffer: '10000',
  opensAt: '2026-12-01T00:00:00.000Z',
  closesAt: '2026-12-05T06:00:00.000Z',
  drawAt: '2026-12-06T01:00:00.000Z',
  payBy: '2026-12-09T06:00:00.000Z',
  listsAt: '2026-12-15T00:00:00.000Z',
  lockUpUntil: null,
  phase: 'subscribing' as const,
  commitment,
  secret: null,
  entries: 12,
  winners: null,
  allocated: null,
  drawnAt: null,
  cancelledAt: null,
  cancelReason: null,
  grab: null,
  createdBy: '9000000001',
};
const drawn = {
  ...offering,
  id: '2',
  code: '5598',
  phase: 'drawn' as const,
  lockUpUntil: '2027-06-15T00:00:00.000Z',
  secret: 'f'.repeat(64),
  winners: 8,
  allocated: '10000',
  drawnAt: '2026-12-06T01:00:02.000Z',
};
const cancelled = {
  ...offering,
  id: '3',
  code: '5597',
  phase: 'cancelled' as const,
  commitment: null,
  cancelledAt: '2026-11-30T01:00:00.000Z',
  cancelReason: 'Listing postponed by the exchange',
};

const hour = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
/** A `datetime-local` value: the JST wall-clock time `hours` from now, to the minute. */
const jstLocal = (hours: number) => new Date(Date.now() + hours * hour + 9 * hour).toISOString().slice(0, 16);
/** Drawn, its purchase deadline passed an hour ago (the unconfirmed wins lapsed), no grab window yet. */
const lapsed = {
  ...drawn,
  id: '5',
  code: '5596',
  opensAt: at(-120),
  closesAt: at(-96),
  drawAt: at(-95),
  drawnAt: at(-95),
  payBy: at(-1),
  listsAt: at(96),
  lockUpUntil: null,
};
/** Its lapsed shares re-offered: 300 of 1,200 served, the window open. */
const reoffered = {
  ...lapsed,
  id: '6',
  code: '5595',
  grab: { opensAt: at(-0.5), closesAt: at(2), shares: '1200', taken: '300', phase: 'open' as const },
};

// The kit's toast needs the app's React 19 root (main.tsx); here it is only a call.
vi.mock('../../../shared/api/notice.ts', () => ({ showSuccess: vi.fn() }));

vi.mock('../api/ipo-admin.api.ts', () => ({
  ipoAdminKeys: { list: ['admin/ipo/list'], memberIpo: [['market/ipo/list']] },
  fetchAdminOfferings: vi.fn(async () => ({ items: [offering, drawn, cancelled] })),
  setGrabWindow: vi.fn(async () => ({ ...reoffered, id: '5' })),
  createOffering: vi.fn(async () => ({ ...offering, id: '4' })),
  cancelOffering: vi.fn(async () => ({ ...offering, phase: 'cancelled' })),
}));

const renderSection = (maySave: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IpoAdmin maySave={maySave} />
    </QueryClientProvider>,
  );

/** Terms in order, typed as JST wall-clock times. */
const validTerms = {
  code: '5601',
  nameJp: '新星ロボティクス',
  nameEn: 'Shinsei Robotics',
  nameTw: '新星機器人',
  price: '2480.5',
  sharesOnOffer: '50000',
  opensAt: '2026-12-01T09:00',
  closesAt: '2026-12-05T15:00',
  drawAt: '2026-12-06T10:00',
  payBy: '2026-12-09T15:00',
  listsAt: '2026-12-15T09:00',
  reason: 'Underwriter allocation for Shinsei Robotics',
};

function fill(values: Partial<Record<string, string>>) {
  for (const [field, value] of Object.entries(values))
    fireEvent.change(screen.getByTestId(`admin-ipo-${field}`), { target: { value } });
}

describe('back office → IPO offerings (issue 25)', () => {
  beforeAll(async () => {
    // jsdom does not lay out: the cancel panel scrolls itself into view in a browser.
    Element.prototype.scrollIntoView = vi.fn();
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists every offering with its terms in JST, phase, draw result, shortened commitment and cancel reason', async () => {
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-ipo-row');
    expect(rows.map((r) => [r.dataset['code'], r.dataset['phase']])).toEqual([
      ['5599', 'subscribing'],
      ['5598', 'drawn'],
      ['5597', 'cancelled'],
    ]);
    const [open, done, stopped] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(open.textContent).toContain('Kabuto Tech');
    expect(open.textContent).toContain('¥1,250.00');
    expect(open.textContent).toContain('10,000 shares');
    expect(open.textContent).toContain('2026-12-01 09:00'); // window opens, JST
    expect(open.textContent).toContain('2026-12-15 09:00'); // listing date, JST
    expect(open.textContent).toContain('9000000001');
    expect(within(open).getByTestId('admin-ipo-result').textContent).toBe('—');
    const hash = within(open).getByTestId('admin-ipo-commitment');
    expect(hash.textContent).toBe('a3f1c29e0b7d…');
    expect(hash.getAttribute('title')).toBe(commitment);

    expect(within(done).getByTestId('admin-ipo-result').textContent).toBe('8 won · 10,000 shares');
    expect(done.textContent).toContain('2027-06-15 09:00'); // lock-up, JST
    expect(within(stopped).getByTestId('admin-ipo-cancel-reason-text').textContent).toBe(
      'Listing postponed by the exchange',
    );
    expect(within(stopped).queryByTestId('admin-ipo-commitment')).toBeNull();
  });

  it('refuses times out of order with the shared check and sends nothing until they are in order', async () => {
    renderSection(true);
    await screen.findAllByTestId('admin-ipo-row');
    // The lottery before the window closes.
    fill({ ...validTerms, drawAt: '2026-12-05T14:00' });
    const refusal = screen.getByTestId('admin-ipo-refusal');
    expect(refusal.dataset['key']).toBe('errors.ipo.timesOutOfOrder');
    expect(refusal.textContent).toContain('out of order');
    expect(screen.getByTestId('admin-ipo-drawAt').getAttribute('aria-invalid')).toBe('true');
    const submit = screen.getByTestId('admin-ipo-submit');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(submit);
    fireEvent.submit(screen.getByTestId('admin-ipo-form')); // Enter in a field submits the form too

    fill({ drawAt: validTerms.drawAt });
    expect(screen.queryByTestId('admin-ipo-refusal')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-ipo-submit'));
    await waitFor(() => expect(createOffering).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createOffering).mock.calls[0]?.[0].drawAt).toBe('2026-12-06T10:00:00+09:00');
  });

  it('refuses a lock-up that ends before listing, and the price and shares the server would refuse', async () => {
    renderSection(true);
    await screen.findAllByTestId('admin-ipo-row');
    fill(validTerms);
    expect(screen.getByTestId('admin-ipo-lockUpUntil')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('admin-ipo-lockUp-until'));
    fill({ lockUpUntil: '2026-12-14T09:00' });
    expect(screen.getByTestId('admin-ipo-refusal').dataset['key']).toBe('errors.ipo.lockUpBeforeListing');
    expect(screen.getByTestId('admin-ipo-submit')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('admin-ipo-form'));

    fill({ lockUpUntil: '2027-06-15T09:00', price: '0' });
    expect(screen.getByTestId('admin-ipo-refusal').dataset['key']).toBe('errors.ipo.priceInvalid');
    fill({ price: validTerms.price, sharesOnOffer: '50050' });
    expect(screen.getByTestId('admin-ipo-refusal').dataset['key']).toBe('errors.ipo.sharesOnOfferInvalid');
    fireEvent.submit(screen.getByTestId('admin-ipo-form'));

    fill({ sharesOnOffer: validTerms.sharesOnOffer });
    fireEvent.click(screen.getByTestId('admin-ipo-submit'));
    await waitFor(() => expect(createOffering).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createOffering).mock.calls[0]?.[0].lockUpUntil).toBe('2027-06-15T09:00:00+09:00');
  });

  it('sends every time as a JST instant with +09:00 and the reason, then shows success and reloads the list', async () => {
    renderSection(true);
    await screen.findAllByTestId('admin-ipo-row');
    expect(fetchAdminOfferings).toHaveBeenCalledTimes(1);
    fill({ ...validTerms, code: '5601', reason: '' });
    expect(screen.getByTestId('admin-ipo-submit')).toHaveProperty('disabled', true); // no reason yet
    fill({ reason: `  ${validTerms.reason}  ` });
    fireEvent.click(screen.getByTestId('admin-ipo-submit'));

    await waitFor(() => expect(createOffering).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createOffering).mock.calls[0]?.[0]).toEqual({
      code: '5601',
      nameJp: '新星ロボティクス',
      nameEn: 'Shinsei Robotics',
      nameTw: '新星機器人',
      price: '2480.5',
      sharesOnOffer: '50000',
      opensAt: '2026-12-01T09:00:00+09:00',
      closesAt: '2026-12-05T15:00:00+09:00',
      drawAt: '2026-12-06T10:00:00+09:00',
      payBy: '2026-12-09T15:00:00+09:00',
      listsAt: '2026-12-15T09:00:00+09:00',
      lockUpUntil: null,
      reason: 'Underwriter allocation for Shinsei Robotics',
    });
    await waitFor(() => expect(fetchAdminOfferings).toHaveBeenCalledTimes(2));
    expect(showSuccess).toHaveBeenCalledWith('success.offeringSaved');
    expect(screen.getByTestId('admin-ipo-code')).toHaveProperty('value', '');
  });

  it('cancels before the draw only, with a reason', async () => {
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-ipo-row');
    expect(rows.map((r) => within(r).queryByTestId('admin-ipo-cancel') !== null)).toEqual([true, false, false]);

    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('admin-ipo-cancel'));
    const panel = screen.getByTestId('admin-ipo-cancel-panel');
    expect(panel.textContent).toContain('12 entries');
    const confirm = within(panel).getByTestId('admin-ipo-cancel-confirm');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(panel).getByTestId('admin-ipo-cancel-reason'), {
      target: { value: 'Listing postponed by the exchange' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(cancelOffering).toHaveBeenCalledTimes(1));
    expect(vi.mocked(cancelOffering).mock.calls[0]?.[0]).toEqual({
      id: '1',
      reason: 'Listing postponed by the exchange',
    });
    await waitFor(() => expect(screen.queryByTestId('admin-ipo-cancel-panel')).toBeNull());
    expect(showSuccess).toHaveBeenCalledWith('success.saved');
  });

  it('shows a grab window once set: its times in JST, its phase, and shares served and left', async () => {
    vi.mocked(fetchAdminOfferings).mockResolvedValueOnce({ items: [offering, lapsed, reoffered] });
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-ipo-row');
    const [open, waiting, set] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cell = within(set).getByTestId('admin-ipo-grab');
    expect(cell.dataset['phase']).toBe('open');
    expect(within(cell).getByTestId('admin-ipo-grab-line').textContent).toBe('300 / 1,200 shares served · 900 left');
    expect(cell.textContent).toContain(jstLocal(2).replace('T', ' '));
    expect(within(waiting).queryByTestId('admin-ipo-grab')).toBeNull();
    // Offered once, for a drawn offering whose deadline has passed: not before the draw, not twice.
    expect(within(open).queryByTestId('admin-ipo-grab-action')).toBeNull();
    expect(within(waiting).getByTestId('admin-ipo-grab-action').textContent).toBe('Re-offer lapsed shares');
    expect(within(set).queryByTestId('admin-ipo-grab-action')).toBeNull();
  });

  it('re-offers the lapsed shares in a JST window checked by the shared rule, with a reason', async () => {
    vi.mocked(fetchAdminOfferings).mockResolvedValueOnce({ items: [offering, lapsed] });
    renderSection(true);
    const rows = await screen.findAllByTestId('admin-ipo-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('admin-ipo-grab-action'));
    const panel = screen.getByTestId('admin-ipo-grab-panel');
    expect(panel.dataset['code']).toBe('5596');
    const confirm = within(panel).getByTestId('admin-ipo-grab-confirm');
    const type = (field: string, value: string) =>
      fireEvent.change(within(panel).getByTestId(`admin-ipo-grab-${field}`), { target: { value } });

    // Closing after the listing is refused before anything is sent.
    type('opensAt', jstLocal(1));
    type('closesAt', jstLocal(97));
    type('reason', 'Re-offer the lapsed wins');
    const refusal = within(panel).getByTestId('admin-ipo-grab-refusal');
    expect(refusal.dataset['key']).toBe('errors.ipo.grabTimesOutOfOrder');
    expect(refusal.textContent).toContain('close by the listing');
    expect(within(panel).getByTestId('admin-ipo-grab-opensAt').getAttribute('aria-invalid')).toBe('true');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.submit(panel);
    expect(setGrabWindow).not.toHaveBeenCalled();

    type('closesAt', jstLocal(3));
    expect(within(panel).queryByTestId('admin-ipo-grab-refusal')).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() => expect(setGrabWindow).toHaveBeenCalledTimes(1));
    expect(vi.mocked(setGrabWindow).mock.calls[0]?.[0]).toEqual({
      id: '5',
      opensAt: `${jstLocal(1)}:00+09:00`,
      closesAt: `${jstLocal(3)}:00+09:00`,
      reason: 'Re-offer the lapsed wins',
    });
    await waitFor(() => expect(screen.queryByTestId('admin-ipo-grab-panel')).toBeNull());
    expect(showSuccess).toHaveBeenCalledWith('success.saved');
    expect(fetchAdminOfferings).toHaveBeenCalledTimes(2);
  });

  it('gives support and auditors the list to read, with no form and no cancel', async () => {
    renderSection(false);
    expect(await screen.findAllByTestId('admin-ipo-row')).toHaveLength(3);
    expect(screen.queryByTestId('admin-ipo-form')).toBeNull();
    expect(screen.queryByTestId('admin-ipo-cancel')).toBeNull();
    expect(within(screen.getByTestId('admin-ipo-table')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('admin-ipo-note').textContent).toContain('Read only');
  });
});
