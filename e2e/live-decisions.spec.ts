import { expect, test } from '@playwright/test';
import { approveDeposit, registerWithDeposit, shot, signIn } from './screens.ts';

// Issue 6 §4: a staff decision reaches the member's open screen over the stream — no reload, no polling.
const account = `060${String(Date.now()).slice(-7)}`;
const password = 'live2026x';

test('a deposit approved by staff shows on the member centre the member has open', async ({ page, request }) => {
  const { depositId } = await registerWithDeposit(request, account, password, '250000');

  // The member signs in and leaves the member centre open.
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  await expect(page.getByTestId('uc-asset-card')).not.toContainText('250,000');
  await shot(page, 'live-before-decision');

  // Staff approve elsewhere; the open screen updates by itself.
  await approveDeposit(request, depositId);
  await expect(page.getByTestId('uc-asset-card')).toContainText('250,000', { timeout: 10_000 });
  await shot(page, 'live-after-decision');
});
