import { expect, test, type Page } from '@playwright/test';
import {
  freshAccount,
  registerFundedMember,
  shot,
  signIn,
  staffAccount,
  staffPassword,
  verifyRealName,
} from './screens.ts';

// Issue 26: a verified member opens credit borrowing from the home shortcut, sees the score, the limit by its published
// rule and what they may borrow, types a loan and sees its daily rate, APR, total interest and (monthly instalments)
// the schedule before confirming; staff approve it in the back office's loan queue; the member sees it borrowed, live,
// repays it in full and finds both in the loan and repayment records. Once in jp, once in en.
test.describe.configure({ mode: 'serial' });

const password = 'loan2026xy';
const members = { jp: freshAccount(), en: `071${String(Date.now() + 7).slice(-7)}` };

test.beforeAll(async ({ request }) => {
  for (const account of Object.values(members)) {
    const member = await registerFundedMember(request, account, password, '50000');
    await verifyRealName(request, member);
  }
});

async function approveInBackOffice(page: Page, account: string, lang: 'jp' | 'en'): Promise<void> {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  if (lang === 'en') await page.goto('/?lang=en#/admin');
  await page.getByTestId('admin-nav-loanApplications').click();
  const row = page.getByTestId('admin-row').filter({ hasText: account }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('admin-detail-score')).toHaveText('92');
  await shot(page, `admin-loan-application-${lang}`);
  await page.getByTestId('admin-approve').click();
  await page.getByTestId('admin-reason').fill('Score and affordability checked');
  await page.getByTestId('admin-confirm').click();
  await expect(page.getByTestId('admin-row').filter({ hasText: account })).toHaveCount(0);
  if (lang === 'jp') {
    await page.getByTestId('admin-nav-loans').click();
    await expect(page.getByTestId('admin-loan-terms')).toBeVisible();
    await shot(page, 'admin-lending-terms');
  }
}

for (const lang of ['jp', 'en'] as const) {
  test(`${lang}: a loan taken after seeing its APR and schedule, approved by staff, then repaid`, async ({
    page,
    browser,
  }) => {
    const account = members[lang];
    await signIn(page, account, password);
    if (lang === 'en') await page.goto('/?lang=en#/home/index');
    await page.getByTestId('home-shortcut-creditBorrowing').click();
    await expect(page).toHaveURL(/#\/user\/jk$/);
    // Verified (+10) and one deposit approved (+2) on the base of 80: 92, so (92 − 60) × ¥10,000 = ¥320,000.
    await expect(page.getByTestId('loan-score')).toHaveText('92');
    await expect(page.getByTestId('loan-limit')).toContainText('320,000');
    await expect(page.getByTestId('loan-borrowable')).toContainText('320,000');
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
    await shot(page, `loan-credit-${lang}`, { fullPage: false });

    // Above borrowable: refused as typed, before anything is sent.
    await page.getByTestId('loan-amount').fill('400000');
    await expect(page.getByTestId('loan-refusal')).toHaveAttribute('data-refusal', 'quotaInsufficient');
    await expect(page.getByTestId('loan-apply-submit')).toBeDisabled();
    await shot(page, `loan-quota-refused-${lang}`, { fullPage: false });

    await page.getByTestId('loan-amount').fill('120000');
    await page.getByTestId('loan-term-90').click();
    await page
      .getByTestId('loan-plan')
      .getByText(lang === 'jp' ? '元利均等（毎月）' : 'Monthly instalments')
      .click();
    await expect(page.getByTestId('loan-apr')).toHaveText('14.60%');
    await expect(page.getByTestId('loan-schedule-row')).toHaveCount(3);
    await expect(page.getByTestId('loan-schedule')).toContainText('40,964');
    await shot(page, `loan-quote-${lang}`);
    await page.getByTestId('loan-apply-submit').click();
    await expect(page.getByTestId('loan-sheet-confirm')).toBeVisible();
    await shot(page, `loan-confirm-${lang}`, { fullPage: false });
    await page.getByTestId('loan-sheet-confirm').click();
    await expect(page.getByTestId('loan-pending')).toBeVisible();
    await shot(page, `loan-pending-${lang}`, { fullPage: false });

    // Staff approve in another window; the member's open screen follows live (loan.changed).
    const staff = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await approveInBackOffice(staff, account, lang);
    await staff.close();
    await expect(page.getByTestId('loan-open')).toHaveAttribute('data-status', 'approved', { timeout: 15_000 });
    await expect(page.getByTestId('loan-borrowed')).toContainText('120,000');
    await expect(page.getByTestId('loan-owed')).toContainText('120,000');
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
    await shot(page, `loan-borrowed-${lang}`);

    // Repaying more than is owed is refused as typed; repaying it all ends the loan.
    await page.getByTestId('loan-repay-amount').fill('120001');
    await expect(page.getByTestId('loan-repay-refusal')).toHaveAttribute('data-refusal', 'repayExceeds');
    await page.getByTestId('loan-repay-all').click();
    await page.getByTestId('loan-repay-submit').click();
    await expect(page.getByTestId('loan-repay-sheet-confirm')).toBeVisible();
    await shot(page, `loan-repay-confirm-${lang}`, { fullPage: false });
    await page.getByTestId('loan-repay-sheet-confirm').click();
    await expect(page.getByTestId('loan-apply')).toBeVisible();
    await expect(page.getByTestId('loan-borrowed')).toContainText('0');

    await page.getByTestId('loan-to-records').click();
    await expect(page).toHaveURL(/#\/user\/jkjl/);
    await expect(page.getByTestId('loan-record')).toHaveCount(1);
    await expect(page.getByTestId('loan-record')).toHaveAttribute('data-status', 'repaid');
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
    await shot(page, `loan-records-${lang}`, { fullPage: false });
    await page
      .getByTestId('loan-records-tabs')
      .getByText(lang === 'jp' ? '返済履歴' : 'Repayment records')
      .click();
    await expect(page.getByTestId('loan-repayment')).toHaveCount(1);
    await expect(page.getByTestId('loan-repayment-amount')).toContainText('120,000');
    await shot(page, `loan-repayments-${lang}`, { fullPage: false });
  });
}
