import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { freshAccount, registerFundedMember, shot, signIn } from './screens.ts';

// Issue 27 "Statements": a funded member opens statements from the member centre, sees this month's totals equal the
// member centre's figures, downloads the CSV and the PDF (Playwright download events) in jp, and the annual report
// in en; the files are what the server made from the ledger.
test.describe.configure({ mode: 'serial' });

const password = 'stmt2026xy';
const account = freshAccount();

test.beforeAll(async ({ request }) => {
  await registerFundedMember(request, account, password, '250000');
});

async function downloaded(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

async function noSeriousFindings(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('jp: this month’s statement equals the member centre; CSV and PDF downloaded', async ({ page }) => {
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  const total = page.getByTestId('uc-total');
  await expect(total).toHaveAttribute('data-amount', '250000', { timeout: 30_000 });
  const totalText = (await total.textContent()) ?? '';
  const availableText = (await page.getByTestId('uc-available').textContent()) ?? '';
  await page.getByTestId('uc-menu-statements').scrollIntoViewIfNeeded();
  await shot(page, 'statements-member-centre-row', { fullPage: false });
  await page.getByTestId('uc-menu-statements').click();
  await expect(page).toHaveURL(/#\/user\/statements$/);

  // Nothing is open, so the member centre's total assets are the statement's closing assets; available is available.
  await expect(page.getByTestId('statement-closing-assets-JPY')).toHaveText(totalText);
  await expect(page.getByTestId('statement-closing-available-JPY')).toHaveText(availableText);
  await expect(page.getByTestId('statement-total-deposits-JPY')).toHaveText('+¥250,000.00');
  await expect(page.getByTestId('statement-opening-assets-JPY')).toHaveText('¥0.00');
  await shot(page, 'statements-month-jp');
  await noSeriousFindings(page);

  const csv = await downloaded(page, 'statement-download-csv');
  expect(csv.name).toMatch(/^kabuto-statement-\d{4}-\d{2}-jp\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('月間取引報告書');
  expect(lines).toContain(`口座番号,${account}`);
  expect(lines).toContain('JPY,入金,250000');
  expect(lines).toContain('JPY,資産,0,250000');

  const pdf = await downloaded(page, 'statement-download-pdf');
  expect(pdf.name).toMatch(/^kabuto-statement-\d{4}-\d{2}-jp\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toContain('/FontFile2');
});

test('en: the annual trading report, and an earlier month says there is nothing in it', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto('/?lang=en#/user/statements');
  await expect(page.getByTestId('statements-screen')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Annual trading report' }).click();
  await expect(page.getByTestId('statement-closing-assets-JPY')).toHaveText('¥250,000.00');
  await shot(page, 'statements-year-en');
  const pdf = await downloaded(page, 'statement-download-pdf');
  expect(pdf.name).toMatch(/^kabuto-statement-\d{4}-en\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('tab', { name: 'Monthly statement' }).click();
  await page.getByTestId('statement-periods').getByRole('radio').nth(1).click();
  await expect(page.getByTestId('statement-empty')).toBeVisible();
  await expect(page.getByTestId('statement-closing-assets-JPY')).toHaveText('¥0.00');
  await shot(page, 'statements-empty-month-en');
});
