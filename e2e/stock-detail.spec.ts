import { expect, test } from '@playwright/test';
import { apiCall, freshAccount, inviteCode, shot, signIn } from './screens.ts';

// Issue 7: the stock detail's refusals. Its moving price, chart periods and star are walked in market-lists.spec.ts.
const account = freshAccount();
const password = 'detail2026';

test('an unknown code shows an honest missing state with a way to search', async ({ page, request }) => {
  await apiCall(request, 'user/register', {
    account,
    password,
    confirmPassword: password,
    inviteCode: inviteCode(),
    agree: true,
  });
  await signIn(page, account, password);
  await page.goto('/#/market/marketDetail?symbol=ZZZZ');
  await expect(page.getByTestId('stock-missing')).toBeVisible();
  await shot(page, 'stock-missing', { fullPage: false });
  await page.getByRole('button', { name: '銘柄を検索' }).click();
  await expect(page).toHaveURL(/#\/home\/search/);
});
