import { expect, test } from '@playwright/test';
import {
  freshAccount,
  registerFundedMember,
  shot,
  signIn,
  staffAccount,
  staffPassword,
  verifyRealName,
} from './screens.ts';

// Issue 25: a verified member applies for a seat account from the member centre, staff approve it in the back
// office's review queue with a reason, and the member centre shows the seat.
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const password = 'seat2026xy';

test.beforeAll(async ({ request }) => {
  const member = await registerFundedMember(request, account, password);
  await verifyRealName(request, member);
});

test('the member applies for a seat account from the member centre', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/user/usercenter');
  const seat = page.getByTestId('uc-seat');
  await expect(seat).toHaveAttribute('data-status', 'none');
  await page.getByTestId('uc-seat-apply').click();
  await expect(page.getByTestId('uc-seat-sheet-confirm')).toBeVisible();
  await shot(page, 'seat-apply-confirm', { fullPage: false });
  await page.getByTestId('uc-seat-sheet-confirm').click();
  await expect(seat).toHaveAttribute('data-status', 'pending');
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'seat-applied');
});

test('staff approve the seat application with a reason, and the member sees the seat', async ({ page }) => {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId('admin-nav-seats').click();
  const row = page.getByTestId('admin-row').filter({ hasText: account }).first();
  await expect(row).toBeVisible();
  await row.click();
  await shot(page, 'admin-seats-detail');
  await page.getByTestId('admin-approve').click();
  await page.getByTestId('admin-reason').fill('Verified and funded');
  await page.getByTestId('admin-confirm').click();
  await expect(page.getByTestId('admin-row').filter({ hasText: account })).toHaveCount(0);

  await signIn(page, account, password);
  await page.goto('/#/user/usercenter');
  await expect(page.getByTestId('uc-seat')).toHaveAttribute('data-status', 'approved');
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'seat-approved');
});
