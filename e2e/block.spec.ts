import { expect, test } from '@playwright/test';
import {
  apiCall,
  freshAccount,
  registerFundedMember,
  shot,
  signIn,
  staffAccount,
  staffHeaders,
  staffPassword,
  verifyRealName,
} from './screens.ts';

// Issue 25: staff list a block trade (立会外分売) with a channel password; a verified member finds it from the home
// shortcut, is refused a wrong password, applies (the amount shown before confirming), staff approve it in the back
// office's queue, and the member sees it approved live, under the positions' "competition" tab (locked, no close) and
// in the allotment record. Screens in jp, then en.
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const password = 'block2026xy';
let productId = '';

test.beforeAll(async ({ request }) => {
  const staff = await staffHeaders(request);
  const stock = await apiCall<{ prevClose: string }>(request, 'market/detail', { symbol: '7203' });
  // A round price at or below the previous close: on the grid and inside the day's limits.
  const price = String(Math.floor(Number(stock.prevClose) / 10) * 10);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const product = await apiCall<{ id: string }>(
    request,
    'admin/block/create',
    {
      code: '7203',
      price,
      minAmount: String(Number(price) * 100),
      maxShares: '1000',
      dailyLimit: 3,
      opensAt: iso(now - 60_000),
      closesAt: iso(now + 3 * 86_400_000),
      lockUpUntil: iso(now + 30 * 86_400_000),
      password: 'tokyo2026',
      seatOnly: false,
      reason: 'Holder distribution (e2e)',
    },
    staff,
  );
  productId = product.id;
  const member = await registerFundedMember(request, account, password, '900000');
  await verifyRealName(request, member);
});

test('the member finds the product, is refused a wrong password, and applies', async ({ page }) => {
  await signIn(page, account, password);
  await page.getByTestId('home-shortcut-blockTrade').click();
  await expect(page.getByTestId('block-list')).toBeVisible();
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'block-list');

  await page
    .locator(`[data-testid="block-card"][data-product-id="${productId}"]`)
    .getByTestId('block-card-open')
    .click();
  await expect(page.getByTestId('block-apply-form')).toBeVisible();
  await page.getByTestId('block-shares').fill('150');
  await shot(page, 'block-form-unit-refused', { fullPage: false });
  await page.getByTestId('block-shares').fill('100');
  await page.getByTestId('block-password').fill('wrong-one');
  await page.getByTestId('block-apply-submit').click();
  await page.getByTestId('block-sheet-confirm').click();
  await expect(page.getByTestId('block-error')).toBeVisible();
  await shot(page, 'block-form-wrong-password', { fullPage: false });

  await page.getByTestId('block-password').fill('tokyo2026');
  await page.getByTestId('block-apply-submit').click();
  await expect(page.getByTestId('block-sheet-confirm')).toBeVisible();
  await shot(page, 'block-confirm', { fullPage: false });
  await page.getByTestId('block-sheet-confirm').click();
  await expect(page).toHaveURL(/#\/common\/dividend4\?id=/);
  await expect(page.getByTestId('block-application')).toHaveAttribute('data-status', 'pending');
  await shot(page, 'block-application-pending');
});

test('staff approve it in the back office; the member sees it approved, under "competition" and in allotments', async ({
  page,
  browser,
}) => {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId('admin-nav-blockApplications').click();
  const row = page.getByTestId('admin-row').filter({ hasText: account }).first();
  await expect(row).toBeVisible();
  await row.click();
  await shot(page, 'admin-block-application');
  await page.getByTestId('admin-approve').click();
  await page.getByTestId('admin-reason').fill('Allocation confirmed');
  await page.getByTestId('admin-confirm').click();
  await expect(page.getByTestId('admin-row').filter({ hasText: account })).toHaveCount(0);
  await page.getByTestId('admin-nav-block').click();
  await expect(page.getByTestId('admin-block-row').first()).toBeVisible();
  await shot(page, 'admin-block-products');

  const member = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(member, account, password);
  await member.goto('/#/common/dividend3');
  await member.getByTestId('block-application-row').first().click();
  await expect(member.getByTestId('block-application')).toHaveAttribute('data-status', 'approved');
  await expect(member.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(member, 'block-application-approved');

  await member.goto('/#/position/position?tab=competition');
  await expect(member.getByTestId('pos-card')).toHaveCount(1);
  await expect(member.getByTestId('pos-locked')).toBeVisible();
  await expect(member.getByTestId('pos-close')).toHaveCount(0);
  await shot(member, 'positions-competition', { fullPage: false });

  await member.goto('/#/user/pj');
  await expect(member.getByTestId('allotment-row')).toHaveCount(1);
  await shot(member, 'allotments-block');

  await member.goto('/?lang=en#/common/dividend');
  await expect(member.getByTestId('block-list')).toBeVisible();
  await shot(member, 'block-list-en');
  await member.goto(`/?lang=en#/common/dividend2?id=${productId}`);
  await expect(member.getByTestId('block-apply-form')).toBeVisible();
  await shot(member, 'block-form-en');
  await member.goto('/?lang=en#/common/dividend3');
  await expect(member.getByTestId('block-application-row')).toHaveCount(1);
  await shot(member, 'block-applications-en');
  await member.close();
});
