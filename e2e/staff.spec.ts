import { expect, test } from '@playwright/test';
import { apiCall, enrolTwoFactor, shot, signIn, staffAccount, staffPassword } from './screens.ts';

// Issue 25 "Staff accounts": an admin creates a reviewer in the back office, the reviewer signs in, the admin disables
// the account with a reason, and the reviewer's session ends at once.
test.describe.configure({ mode: 'serial' });

const reviewer = `09${String(Date.now()).slice(-8)}`;
const reviewerPassword = 'review2026x';

test('an admin creates a reviewer, who signs in; disabled, the reviewer is signed out at once', async ({
  page,
  request,
}) => {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.goto('/#/admin?s=staff');
  const form = page.getByTestId('admin-staff-create');
  await expect(form).toBeVisible();
  await page.getByTestId('admin-staff-create-account').fill(reviewer);
  await page.getByTestId('admin-staff-create-password').fill(reviewerPassword);
  await page.getByTestId('admin-staff-create-confirm').fill(reviewerPassword);
  await page.getByTestId('admin-staff-create-role').selectOption('reviewer');
  await page.getByTestId('admin-staff-create-reason').fill('E2E: new reviewer joins');
  await page.getByTestId('admin-staff-create-submit').click();
  const row = page.locator(`[data-testid="admin-staff-row"][data-account="${reviewer}"]`);
  await expect(row).toHaveAttribute('data-role', 'reviewer');
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'admin-staff-created');

  // The reviewer signs in (through the API here) and reads a review queue.
  const session = await apiCall<{ token: string }>(request, 'user/login', {
    account: reviewer,
    password: reviewerPassword,
    agree: true,
  });
  const headers = { token: session.token, account: reviewer };
  // Issue 27: a staff member's calls wait until two-step sign-in is on.
  await enrolTwoFactor(request, headers);
  await apiCall(request, 'admin/realName/list', { status: 'pending' }, headers);

  // Disabled with a reason: the reviewer's session is refused at once.
  await row.getByTestId('admin-staff-disable').click();
  await page.getByTestId('admin-staff-reason').fill('E2E: left the team');
  await page.getByTestId('admin-staff-confirm').click();
  await expect(row).toHaveAttribute('data-status', 'disabled');
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await shot(page, 'admin-staff-disabled');
  const refused = await request.post('/api/vue/admin/realName/list', { data: { status: 'pending' }, headers });
  expect(refused.status()).toBe(401);
});
