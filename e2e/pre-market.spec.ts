import { expect, test } from '@playwright/test';
import { freshAccount, registerFundedMember, shot, signIn } from './screens.ts';

// Issue 26: the home shortcuts "pre-market" and "after-hours". The e2e server runs the demo profile, which never
// closes: the screens say so, and still show the book before the open (queued orders and the indicative price).
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const password = 'premkt2026x';

test.beforeAll(async ({ request }) => {
  await registerFundedMember(request, account, password);
});

test('pre-market and after-hours from the home shortcuts, in jp and en', async ({ page }) => {
  await signIn(page, account, password);
  await page.getByTestId('home-shortcut-preMarket').click();
  await expect(page).toHaveURL(/#\/market\/preMarket/);
  await expect(page.getByTestId('session-window-demo')).toContainText('デモ市場は常に開いています');
  await expect(page.getByTestId('session-window-book').locator('.session-window__item').first()).toBeVisible();
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'pre-market-jp', { fullPage: false });

  await page.goto('/?lang=en#/market/afterHours');
  await expect(page.getByTestId('session-window-demo')).toContainText('The demo market is always open');
  await expect(page.getByTestId('session-window-rules')).toContainText('next trading day');
  await expect(page.getByTestId('session-window-book').locator('.session-window__item').first()).toBeVisible();
  await shot(page, 'after-hours-en', { fullPage: false });

  // A stock in the book opens the order ticket.
  await page.getByTestId('session-window-book').locator('.session-window__row').first().click();
  await expect(page).toHaveURL(/#\/market\/marketBuy\?symbol=/);
});
