import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { BlockApplyScreen } from './block-apply.screen.tsx';
import { applyBlock, fetchBlockProduct, type BlockProductDetail } from '../api/block.api.ts';
import type * as BlockApi from '../api/block.api.ts';
import { applicationOf, hoursFromNow, productDetail } from '../block.fixture.ts';
import { initI18n, loadCatalogueParts, translateKey } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showToast } from '../../../shared/api/notice-toast.ts';
import { signIn } from '../../../shared/session/session.store.ts';

vi.mock('../api/block.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlockApi>()),
  fetchBlockProduct: vi.fn(),
  applyBlock: vi.fn(),
}));

vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));

function renderForm(product: BlockProductDetail) {
  vi.mocked(fetchBlockProduct).mockResolvedValue(product);
  window.location.hash = `#/common/dividend2?id=${product.id}`;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BlockApplyScreen />
    </QueryClientProvider>,
  );
}

const typeShares = (text: string) => fireEvent.change(screen.getByTestId('block-shares'), { target: { value: text } });
const sharesValue = () => (screen.getByTestId('block-shares') as HTMLInputElement).value;
const submit = () => screen.getByTestId('block-apply-submit') as HTMLButtonElement;
const refusal = () => screen.queryByTestId('block-refusal');

describe('the block-trade application form (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    // The form's route loads both parts: the unit refusal is the order ticket's own words.
    await loadCatalogueParts(['block', 'trade']);
    signIn({ token: 'test-token', account: '0701234567', isAdmin: false });
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('starts at the fewest shares that reach the minimum and shows the amount held before confirming', async () => {
    renderForm(productDetail());
    // ¥500,000 minimum at ¥2,500 a share: 200 shares.
    expect((await screen.findByTestId('block-amount')).textContent).toBe('¥500,000.00');
    expect(sharesValue()).toBe('200');
    expect(screen.getByTestId('block-available-after').textContent).toBe('¥1,500,000.00');

    // Full-width digits are read as digits (SPEC §5: digit fields strip the rest).
    typeShares('４００株');
    expect(sharesValue()).toBe('400');
    expect(screen.getByTestId('block-amount').textContent).toBe('¥1,000,000.00');
    expect(screen.getByTestId('block-available-after').textContent).toBe('¥1,000,000.00');
    expect(refusal()).toBeNull();
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    const sheet = await screen.findByTestId('block-sheet');
    expect(within(sheet).getByTestId('block-sheet-headline').textContent).toBe('¥1,000,000.00');
    const rows = within(sheet).getByTestId('block-sheet-rows').textContent;
    expect(rows).toContain('Kabuto Precision 9999');
    expect(rows).toContain('400 shares');
    expect(rows).toContain('¥2,500.00');
  });

  it('refuses shares off the 100-share unit, below the minimum or above the maximum before sending, in the server’s words', async () => {
    renderForm(productDetail({ sharesHeld: '600' }));
    await screen.findByTestId('block-amount');

    typeShares('350');
    expect(refusal()?.dataset.refusal).toBe('sharesRequired');
    expect(refusal()?.textContent).toBe(translateKey(errorKeys.trade.quantityUnit));
    expect(refusal()?.textContent).toBe('Enter the quantity in units of 100 shares.');
    expect(submit().disabled).toBe(true);
    fireEvent.click(submit());
    expect(screen.queryByTestId('block-sheet')).toBeNull();

    typeShares('100');
    expect(refusal()?.dataset.refusal).toBe('belowMinimum');
    expect(refusal()?.textContent).toBe(translateKey(errorKeys.block.belowMinimum));

    // 600 already applied for out of 1,000: 500 more is over the maximum, 400 is not.
    typeShares('500');
    expect(refusal()?.dataset.refusal).toBe('aboveMaximum');
    expect(refusal()?.textContent).toBe(translateKey(errorKeys.block.aboveMaximum));
    expect(screen.getByTestId('block-apply-held').textContent).toContain('600 shares');
    fireEvent.click(screen.getByTestId('block-shares-down'));
    expect(sharesValue()).toBe('400');
    expect(refusal()).toBeNull();

    // The most the member may apply for now: what the maximum leaves.
    typeShares('200');
    fireEvent.click(screen.getByTestId('block-shares-max'));
    expect(sharesValue()).toBe('400');
    expect(applyBlock).not.toHaveBeenCalled();
  });

  it('says what stands in the way — a seat account, the verified name, the funds — with the way forward', async () => {
    renderForm(productDetail({ seatOnly: true, available: '100000' }));
    await screen.findByTestId('block-amount');
    expect(refusal()?.dataset.refusal).toBe('seatOnly');
    expect(refusal()?.textContent).toContain(translateKey(errorKeys.block.seatOnly));
    expect(within(refusal() as HTMLElement).getByRole('button').textContent).toBe('Apply for a seat account');
    cleanup();

    renderForm(productDetail({ realNameVerified: false }));
    await screen.findByTestId('block-amount');
    expect(refusal()?.dataset.refusal).toBe('realNameRequired');
    expect(refusal()?.textContent).toContain(translateKey(errorKeys.verification.required));
    expect(within(refusal() as HTMLElement).getByRole('button').textContent).toBe('Verify identity');
    cleanup();

    renderForm(productDetail({ available: '100000' }));
    await screen.findByTestId('block-amount');
    expect(refusal()?.dataset.refusal).toBe('insufficientBalance');
    expect(refusal()?.textContent).toContain(translateKey(errorKeys.funds.insufficientAvailable));
    expect(submit().disabled).toBe(true);
  });

  it('asks for the channel password only when the product has one, and sends it with an idempotency key', async () => {
    renderForm(productDetail());
    await screen.findByTestId('block-amount');
    expect(screen.queryByTestId('block-password-field')).toBeNull();
    expect(screen.queryByTestId('block-tag-password')).toBeNull();
    cleanup();

    const product = productDetail({ passwordRequired: true });
    vi.mocked(applyBlock).mockResolvedValue(applicationOf({ shares: '200', amount: '500000' }));
    renderForm(product);
    await screen.findByTestId('block-password-field');
    expect(screen.getByTestId('block-tag-password').textContent).toBe('Channel password');
    // Nothing to confirm until the password is typed.
    expect(submit().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('block-password'), { target: { value: 'tokyo-2026' } });
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    fireEvent.click(await screen.findByTestId('block-sheet-confirm'));
    await waitFor(() => expect(applyBlock).toHaveBeenCalledTimes(1));
    expect(applyBlock).toHaveBeenCalledWith(
      { id: product.id, shares: '200', password: 'tokyo-2026' },
      { 'Idempotency-Key': expect.any(String) },
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(translateKey(successKeys.blockApplied), true));
    await waitFor(() => expect(window.location.hash).toBe(`#/common/dividend4?id=${applicationOf().id}`));
  });

  it('sends no password field for a product without one', async () => {
    const product = productDetail();
    vi.mocked(applyBlock).mockResolvedValue(applicationOf({ shares: '200', amount: '500000' }));
    renderForm(product);
    await screen.findByTestId('block-amount');
    fireEvent.click(submit());
    fireEvent.click(await screen.findByTestId('block-sheet-confirm'));
    await waitFor(() =>
      expect(applyBlock).toHaveBeenCalledWith(
        { id: product.id, shares: '200' },
        { 'Idempotency-Key': expect.any(String) },
      ),
    );
  });

  it('shows a refusal from the server translated, and clears a wrong channel password', async () => {
    vi.mocked(applyBlock).mockRejectedValueOnce(new ApiError('refusal', errorKeys.block.dailyLimit, 200));
    renderForm(productDetail());
    await screen.findByTestId('block-amount');
    fireEvent.click(submit());
    fireEvent.click(await screen.findByTestId('block-sheet-confirm'));
    const error = await screen.findByTestId('block-error');
    expect(error.textContent).toBe(translateKey(errorKeys.block.dailyLimit));
    expect(error.textContent).toBe(
      'You have reached today’s limit of applications for this product. Please apply again tomorrow.',
    );
    expect(showToast).not.toHaveBeenCalledWith(translateKey(successKeys.blockApplied), true);
    cleanup();

    vi.mocked(applyBlock).mockRejectedValueOnce(new ApiError('refusal', errorKeys.password.channelLocked, 200));
    renderForm(productDetail({ passwordRequired: true }));
    fireEvent.change(await screen.findByTestId('block-password'), { target: { value: 'guess' } });
    fireEvent.click(submit());
    fireEvent.click(await screen.findByTestId('block-sheet-confirm'));
    expect((await screen.findByTestId('block-error')).textContent).toMatch(/locked for 15 minutes/);
    expect((screen.getByTestId('block-password') as HTMLInputElement).value).toBe('');
  });

  it('shows the terms without a form outside the window', async () => {
    renderForm(productDetail({ phase: 'upcoming', opensAt: hoursFromNow(2), closesAt: hoursFromNow(26) }));
    expect((await screen.findByTestId('block-phase-note')).textContent).toMatch(/^Applications open /);
    expect(screen.queryByTestId('block-apply-form')).toBeNull();
    expect(screen.queryByTestId('block-apply-submit')).toBeNull();
    expect(screen.getByTestId('block-terms-lock-up').textContent).toBe('None');
  });
});
