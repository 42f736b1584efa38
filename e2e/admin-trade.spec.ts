import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiCall,
  freshAccount,
  registerFundedMember,
  shot,
  signIn,
  staffAccount,
  staffHeaders,
  staffPassword,
} from './screens.ts';

// Issue 18, back office: staff read every order and position (read only), change the published trading terms with
// a reason (audited as trade.termsSave, attributed to them), and the audit log shows the change in words.
const account = freshAccount();
const password = 'desk2026t';
const symbol = '9432'; // 日本電信電話: not traded by the other browser tests

interface Terms {
  purchaseRate: string;
  sellingRate: string;
  stampDutyRate: string;
  minimumFee: string;
  leverages: number[];
  maintenanceRatio: string;
  longAnnualRate: string;
  shortAnnualRate: string;
}

let openingTerms: Terms | null = null;

/** A funded member with one position, so the staff list has a row with the member's account. */
async function memberWithPosition(request: APIRequestContext): Promise<void> {
  const member = await registerFundedMember(request, account, password);
  const staff = await staffHeaders(request);
  await apiCall(
    request,
    'trade/place',
    { symbol, side: 'long', type: 'market', quantity: '100', leverage: 2 },
    { ...member, 'Idempotency-Key': `e2e-admin-trade-order-${account}` },
  );
  openingTerms = (await apiCall<{ terms: Terms }>(request, 'admin/trade/settings', {}, staff)).terms;
}

/** Waits for the success notice to go, so it does not cover what a screenshot is about. */
async function noticeGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  await memberWithPosition(request);
});

// The other browser tests open positions on the terms they expect: put the opening terms back (audited too).
test.afterAll(async ({ request }) => {
  if (openingTerms === null) return;
  await apiCall(
    request,
    'admin/trade/settings/save',
    { ...openingTerms, reason: 'e2e: opening terms restored' },
    await staffHeaders(request),
  );
});

test('staff read the positions, save new trading terms with a reason, see the change attributed and audited', async ({
  page,
}) => {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.getByTestId('admin-nav-trade').click();

  // The published terms as percentages, and the promise that open positions keep theirs.
  await expect(page.getByTestId('admin-trade-sellingRate')).toHaveValue('0.1');
  await expect(page.getByTestId('admin-trade-maintenanceRatio')).toHaveValue('50');
  await expect(page.getByTestId('admin-trade-terms-note')).toContainText('建てた時点の条件');

  // The member's position, with their account; nothing in the table can be changed.
  await page.getByTestId('admin-trade-account').fill(account);
  await page.getByTestId('admin-trade-search').click();
  const row = page.getByTestId('admin-trade-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(account);
  await expect(row).toContainText(symbol);
  await expect(row).toHaveAttribute('data-status', 'holding');
  await expect(page.getByTestId('admin-trade-table').locator('input, button, select, textarea')).toHaveCount(0);

  // Sale rules for one stock: 30 minutes' minimum holding, with a reason; the stock joins the rules table.
  await page.getByTestId('admin-trade-rules-new').click();
  await page.getByTestId('admin-trade-rules-symbol').fill(symbol);
  await page.getByTestId('admin-trade-rules-minutes').fill('30');
  await expect(page.getByTestId('admin-trade-rules-save')).toBeDisabled();
  await page.getByTestId('admin-trade-rules-reason').fill('新規上場に伴う保有期間');
  await page.getByTestId('admin-trade-rules-save').click();
  const rules = page.locator(`[data-testid="admin-trade-rules-row"][data-symbol="${symbol}"]`);
  await expect(rules).toContainText('30分');
  await expect(page.getByTestId('admin-trade-rules-editor')).toHaveCount(0);

  // New terms: a lower selling fee and 10× added; the save waits for a reason.
  await page.getByTestId('admin-trade-sellingRate').fill('0.07');
  await page.getByTestId('admin-trade-leverage-10').click();
  const save = page.getByTestId('admin-trade-terms-save');
  await expect(save).toBeDisabled();
  await page.getByTestId('admin-trade-terms-reason').fill('12月の手数料改定');
  await save.click();
  await expect(page.getByTestId('admin-trade-terms-changed')).toContainText(staffAccount);
  await expect(page.getByTestId('admin-trade-terms-changed')).toContainText('最終変更');
  await expect(page.getByTestId('admin-trade-sellingRate')).toHaveValue('0.07');
  await expect(page.getByTestId('admin-trade-terms-reason')).toHaveValue('');
  await noticeGone(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'admin-trade');
  // The back office is meant for a desk or a tablet too: the whole table at a desktop width.
  await page.setViewportSize({ width: 1366, height: 1000 });
  await expect(row).toBeVisible();
  await shot(page, 'admin-trade-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });

  // The audit log shows it at once, in words, with the reason.
  await page.getByTestId('admin-nav-audit').click();
  const first = page.getByTestId('admin-audit-row').first();
  await expect(first.getByTestId('admin-audit-action')).toHaveText('取引条件の保存');
  await expect(first).toContainText('12月の手数料改定');
  await expect(first).toContainText(staffAccount);
  await expect(page.getByTestId('admin-audit-action').nth(1)).toHaveText('銘柄別売買ルールの保存');
  await shot(page, 'admin-trade-audit', { fullPage: false });

  // What the server now publishes: the fraction, not the percentage typed (a staff sign-in of its own, so after the log).
  const staff = await staffHeaders(page.request);
  const saved = await apiCall<{ terms: Terms; changedBy: string }>(page.request, 'admin/trade/settings', {}, staff);
  expect(saved.terms).toMatchObject({ sellingRate: '0.0007', leverages: [1, 2, 3, 5, 10] });
  expect(saved.changedBy).toBe(staffAccount);
});
