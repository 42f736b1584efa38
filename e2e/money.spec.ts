import { expect, test, type Page } from '@playwright/test';
import { inviteCode, shot, staffAccount, staffPassword, signIn } from './screens.ts';

// Issue 3's walk: register → real-name with images → staff approves → card → deposit with receipt →
// staff approves → exchange JPY to USD → withdraw → staff approves → records and timeline show each step.
test.describe.configure({ mode: 'serial' });

const account = `080${String(Date.now()).slice(-7)}`;
const password = 'money2026';
const realName = 'ヤマダ タロウ';
const pin = '135790';
// A valid 1×1 PNG, as a phone camera would hand over a (much larger) one.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: png });

async function staffDecides(page: Page, queue: 'realname' | 'deposits' | 'withdrawals', reason: string) {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId(`admin-nav-${queue}`).click();
  const row = page.getByTestId('admin-row').filter({ hasText: account }).first();
  await expect(row).toBeVisible();
  await row.click();
  await shot(page, `admin-${queue}-detail`);
  await page.getByTestId('admin-approve').click();
  await page.getByTestId('admin-reason').fill(reason);
  await page.getByTestId('admin-confirm').click();
  await expect(page.getByTestId('admin-row').filter({ hasText: account })).toHaveCount(0);
  await shot(page, `admin-${queue}-approved`);
}

test('a new member registers and submits real-name verification with both ID images', async ({ page }) => {
  await page.goto('/#/login/register');
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await page.getByTestId('register-invite').fill(inviteCode());
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/#\/login\/login/);
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  await expect(page.getByTestId('uc-asset-card')).toBeVisible();
  await shot(page, 'usercenter-new');

  await page.goto('/#/user/bandCard');
  await page.getByTestId('rn-name').fill(realName);
  await page.getByTestId('rn-id').fill('AB1234567');
  await page.getByTestId('rn-front').setInputFiles(image('front.png'));
  await page.getByTestId('rn-back').setInputFiles(image('back.png'));
  await shot(page, 'real-name-filled');
  await page.getByTestId('rn-submit').click();
  await expect(page.getByTestId('rn-status')).toContainText(/審査中|review/i);
  await shot(page, 'real-name-pending');
});

test('staff approve the real-name submission', async ({ page }) => {
  await staffDecides(page, 'realname', 'ID matches the name');
});

test('the member adds a bank card, sets a fund PIN and deposits with a receipt', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/user/WithCard');
  await expect(page.getByTestId('card-holder')).toHaveValue(realName);
  await page.getByTestId('card-bank').fill('みずほ銀行');
  await page.getByTestId('card-branch').fill('東京営業部');
  await page.getByTestId('card-branch-code').fill('110');
  await page.getByTestId('card-number').fill('1234567');
  await page.getByTestId('card-type-ordinary').click();
  await shot(page, 'card-add');
  await page.getByTestId('card-submit').click();
  await expect(page).toHaveURL(/#\/user\/BankCard/);
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await shot(page, 'card-list');

  await page.goto('/#/user/setPassword');
  await page.getByTestId('fund-login-password').fill(password);
  await page.getByTestId('fund-new').fill(pin);
  await page.getByTestId('fund-confirm').fill(pin);
  await page.getByTestId('fund-submit').click();
  await expect(page).not.toHaveURL(/setPassword/);

  await page.goto('/#/user/recharge');
  await expect(page.getByTestId('dep-channel').first()).toBeVisible();
  await page.getByTestId('dep-amount').fill('100000');
  await page.getByTestId('dep-receipt').setInputFiles(image('receipt.png'));
  await shot(page, 'deposit-filled');
  await page.getByTestId('dep-submit').click();
  await expect(page.getByTestId('dep-order-no')).toContainText(/^D\d+/);
  await shot(page, 'deposit-submitted');
});

test('staff approve the deposit', async ({ page }) => {
  await staffDecides(page, 'deposits', 'transfer received');
});

test('the member exchanges JPY to USD and asks to withdraw', async ({ page }) => {
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  await expect(page.getByTestId('uc-available')).toContainText('100,000');
  await shot(page, 'usercenter-funded');

  await page.goto('/#/user/exchange');
  await page.getByTestId('ex-amount').fill('15120');
  await page.getByTestId('ex-quote').click();
  await expect(page.getByTestId('ex-rate')).toBeVisible();
  await shot(page, 'exchange-quote');
  await page.getByTestId('ex-confirm').click();
  await expect(page.getByText(/USD/).first()).toBeVisible();
  await shot(page, 'exchange-done');

  await page.goto('/#/user/withdraw');
  await page.getByTestId('wd-amount').fill('30000');
  await page.getByTestId('wd-pin').fill(pin);
  await shot(page, 'withdraw-filled');
  await page.getByTestId('wd-submit').click();
  await page.getByTestId('wd-confirm').click();
  await expect(page.getByText(/W\d{10,}/).first()).toBeVisible();
  await shot(page, 'withdraw-submitted');
});

test('staff approve the withdrawal', async ({ page }) => {
  await staffDecides(page, 'withdrawals', 'paid out');
});

test('fund records and the timeline show every step with its reason', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/#/user/FundingDetails');
  await expect(page.getByTestId('fr-row')).toHaveCount(2);
  await shot(page, 'fund-records');
  await page.getByTestId('fr-tab-timeline').click();
  // deposit, exchange, withdrawal requested, withdrawal paid
  await expect(page.getByTestId('tl-row')).toHaveCount(4);
  await shot(page, 'timeline');
});
