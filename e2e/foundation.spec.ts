import { expect, test, type Page } from '@playwright/test';
import { freshAccount, inviteCode, shot, signIn as signInWithCode, staffAccount, staffPassword } from './screens.ts';

// Issue 2's walk: start → register → sign in → language → change password → sign in again → sign out;
// then staff sees the audit log, and a member who claims is-admin is refused.
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const firstPassword = 'kabuto2026';
const secondPassword = 'kabuto2027';

async function signIn(page: Page, who: string, password: string) {
  await page.goto('/#/login/login');
  await page.getByTestId('login-account').fill(who);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

test('a newcomer lands on the start screen, registers with the seeded code and signs in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login\/start/);
  await expect(page.getByTestId('start-register')).toBeVisible();
  // The loading steps in member words, each ticked when done: no developer timings (issue 16 §3.9).
  const steps = page.getByTestId('start-steps');
  await expect(steps.getByTestId('start-step-done')).toHaveCount(3);
  await expect(steps).toContainText('接続しました');
  await expect(steps).not.toContainText(/\d\s*ms|完了（/);
  await shot(page, 'start');

  await page.getByTestId('start-register').click();
  await expect(page).toHaveURL(/#\/login\/register/);
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-password').fill(firstPassword);
  await page.getByTestId('register-confirm').fill(firstPassword);
  await page.getByTestId('register-invite').fill(inviteCode());
  await page.getByTestId('register-agree').check();
  await shot(page, 'register-filled');
  // As the app leaves for sign-in, the success notice must already be shown, not still downloading (SPEC §8):
  // the toast's code is loaded by then (it is fetched on submit and awaited before the screen changes).
  await page.evaluate(() => {
    const original = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      if (String(args[2]).includes('/login/login'))
        document.body.dataset['toastLoadedAtLeave'] = String(
          performance.getEntriesByType('resource').some((entry) => entry.name.includes('notice-toast')),
        );
      original(...args);
    };
  });
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL(/#\/login\/login/);
  await expect(page.locator('body')).toHaveAttribute('data-toast-loaded-at-leave', 'true');
  await expect(page.locator('.adm-toast-main')).toHaveText('登録が完了しました。ログインしてください。');
  await shot(page, 'register-success-notice', { fullPage: false });
  await expect(page.getByTestId('login-account')).toHaveValue(account);
  await shot(page, 'login');
  await page.getByTestId('login-password').fill(firstPassword);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  // Members land on home; the bottom menu leads to the member centre.
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.getByTestId('bottom-nav-member').click();
  await expect(page).toHaveURL(/#\/user\/usercenter/);
  await expect(page.getByTestId('uc-asset-card')).toBeVisible();
  await shot(page, 'usercenter');
  await page.getByTestId('uc-menu-settings').click();
  await expect(page).toHaveURL(/#\/user\/setting/);
  await expect(page.getByTestId('setting-account')).toHaveText(account);
  expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('account'))).toBe(account);
  await shot(page, 'settings-jp');
});

test('the member switches to English and back to Japanese', async ({ page }) => {
  await signIn(page, account, firstPassword);
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.goto('/#/user/setting');
  await page.getByTestId('setting-lang').click();
  await expect(page).toHaveURL(/#\/user\/changeLang/);
  await page.getByTestId('lang-en').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await expect(page.getByText('Language', { exact: false }).first()).toBeVisible();
  await shot(page, 'language-en');
  await page.goto('/#/user/setting');
  await expect(page.getByText('Sign out', { exact: false }).first()).toBeVisible();
  await shot(page, 'settings-en');
  await page.getByTestId('setting-lang').click();
  await page.getByTestId('lang-jp').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('jp');
  await shot(page, 'language-jp');
});

test('the member changes the login password, signs in with the new one and signs out', async ({ page }) => {
  await signIn(page, account, firstPassword);
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.goto('/#/user/setting');
  await page.getByTestId('setting-login-password').click();
  await expect(page).toHaveURL(/#\/user\/loginPassword/);
  await page.getByTestId('pwd-old').fill(firstPassword);
  await page.getByTestId('pwd-new').fill(secondPassword);
  await page.getByTestId('pwd-confirm').fill(secondPassword);
  await shot(page, 'login-password');
  await page.getByTestId('pwd-submit').click();
  await expect(page).toHaveURL(/#\/login\/login/);
  expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeFalsy();

  // The old password no longer works; the refusal is shown translated.
  await signIn(page, account, firstPassword);
  await expect(page).toHaveURL(/#\/login\/login/);
  await shot(page, 'login-refused');

  await signIn(page, account, secondPassword);
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.goto('/#/user/setting');
  await page.getByTestId('setting-logout').click();
  await page.getByTestId('setting-logout-confirm').click();
  await expect(page).toHaveURL(/#\/login\/login/);
  expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeFalsy();
  await shot(page, 'signed-out');
});

test('staff sign in and see their sign-ins in the audit log', async ({ page }) => {
  // Staff must use two-step sign-in (issue 27): the shared helper turns it on once a run and gives the code.
  await signInWithCode(page, staffAccount, staffPassword(), /#\/admin/);
  const table = page.getByTestId('admin-audit-table');
  await expect(table).toBeVisible();
  // Each action in words in the staff member's language, never the key the server stores (issue 16 §3.9).
  await expect(table.getByTestId('admin-audit-action').first()).toHaveText('スタッフのログイン');
  await expect(table.getByText(staffAccount).first()).toBeVisible();
  await expect(table).not.toContainText('staff.signIn');
  await shot(page, 'admin-audit-log');
  for (const [lang, words] of [
    ['en', 'Staff sign-in'],
    ['tw', '員工登入'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await expect(table.getByTestId('admin-audit-action').first()).toHaveText(words);
    await expect(page.getByTestId('admin-audit-filter')).toContainText(words);
    await shot(page, `admin-audit-log-${lang}`);
  }
});

test('a member who sets is_admin and sends is-admin is refused the back office', async ({ page }) => {
  await signIn(page, account, secondPassword);
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.evaluate(() => localStorage.setItem('is_admin', '1'));
  await page.goto('/#/admin');
  await page.reload();
  await expect(page.getByTestId('admin-no-access')).toBeVisible();
  await shot(page, 'admin-refused');

  const headers = await page.evaluate(() => ({
    token: localStorage.getItem('tokend') ?? '',
    account: localStorage.getItem('account') ?? '',
  }));
  const res = await page.request.post('/api/vue/admin/auditLog', {
    data: {},
    headers: { ...headers, 'is-admin': '1' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ status: 0, msg: 'errors.auth.forbidden' });
});
