import { expect, test } from '@playwright/test';
import { approveDeposit, registerWithDeposit, shot, signIn } from './screens.ts';

// Issue 27 "Notices and price alerts": a staff decision arrives as a notice while the member watches, and a price
// alert set from the stock detail fires on the simulated feed.
const account = `061${String(Date.now()).slice(-7)}`;
const password = 'notice2026x';

test.describe.configure({ mode: 'serial' });

test('a deposit approved by staff arrives as a notice live, and the unread count clears once opened', async ({
  page,
  request,
}) => {
  const { depositId } = await registerWithDeposit(request, account, password, '120000');
  await signIn(page, account, password);
  const bell = page.getByTestId('home-notices');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // Staff approve through the API; the open home screen hears it over the stream (no reload).
  await approveDeposit(request, depositId);
  await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 15_000 });
  await expect(page.getByTestId('home-notices-badge')).toContainText('1');
  await shot(page, 'notices-home-bell-unread');

  await bell.click();
  await expect(page).toHaveURL(/#\/user\/notices/);
  const row = page.getByTestId('notice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-key', 'notices.text.deposit.approved');
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.getByTestId('notice-text')).toContainText('入金');
  await shot(page, 'notices-list-unread');

  // Opening it marks it read and leads to the fund records.
  await row.click();
  await expect(page).toHaveURL(/#\/user\/FundingDetails/);
  await page.goto('/#/home/index');
  await expect(page.getByTestId('home-notices')).toHaveAttribute('data-unread', '0');
  await page.goto('/#/user/notices');
  await expect(page.getByTestId('notice-row')).toHaveAttribute('data-read', 'true');
  await shot(page, 'notices-list-read');
});

test('a price alert set from the stock detail fires on the feed and arrives as a notice', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, account, password);
  await page.goto('/#/market/marketDetail?symbol=7203');
  await expect(page.getByTestId('price-alert-open')).toBeVisible();

  // One tick above the last price, and one tick below it: the simulated feed moves every second, so whichever way
  // it goes first crosses one of them.
  for (const kind of ['above', 'below'] as const) {
    await page.getByTestId('price-alert-open').click();
    const sheet = page.getByTestId('price-alert-sheet');
    await expect(sheet.getByTestId('price-alert-last')).toBeVisible();
    await sheet.getByTestId(`price-alert-kind-${kind}`).click();
    if (kind === 'above') await shot(page, 'notices-alert-sheet');
    await sheet.getByTestId('price-alert-save').click();
    await expect(sheet).toBeHidden();
  }

  // A price off the tick grid is refused as the member types, before any call.
  await page.getByTestId('price-alert-open').click();
  await page.getByTestId('price-alert-value').fill('2874.3');
  await expect(page.getByTestId('price-alert-error')).toBeVisible();
  await expect(page.getByTestId('price-alert-save')).toBeDisabled();
  await shot(page, 'notices-alert-off-grid');
  await page.getByTestId('price-alert-list').click();

  await expect(page).toHaveURL(/#\/user\/alerts/);
  await expect(page.getByTestId('alert-row')).toHaveCount(2);
  await shot(page, 'notices-alerts-waiting');

  await page.goto('/#/user/notices');
  const fired = page.locator('[data-testid="notice-row"][data-key^="notices.text.alert."]');
  await expect(fired.first()).toBeVisible({ timeout: 120_000 });
  await expect(fired.first().getByTestId('notice-text')).toContainText('7203');
  await shot(page, 'notices-alert-notice');

  await page.goto('/#/user/alerts');
  await expect(page.locator('[data-testid="alert-row"][data-state="fired"]').first()).toBeVisible();
  await shot(page, 'notices-alerts-fired');
  // Each alert fires once and is then off: however often the walking price crosses the two levels again, there are
  // never more than two alert notices.
  await page.waitForTimeout(5_000);
  await page.goto('/#/user/notices');
  await expect(fired.first()).toBeVisible();
  expect(await fired.count()).toBeLessThanOrEqual(2);
  // Deleting an alert takes it off the list after a confirmation.
  await page.goto('/#/user/alerts');
  await expect(page.getByTestId('alert-row')).toHaveCount(2);
  await page.getByTestId('alert-delete').first().click();
  await page.getByTestId('alert-delete-sheet').getByRole('button', { name: '削除する' }).click();
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
});
