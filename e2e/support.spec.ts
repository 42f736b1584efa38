import { expect, test } from '@playwright/test';
import { freshAccount, registerMember, shot, signIn, staffAccount, staffPassword } from './screens.ts';

// Issue 27 "Online customer service": a visitor opens the chat from the start screen ("contact us") and writes; staff
// answer from the back office's support inbox and the visitor sees it live; the visitor signs in and the conversation
// joins their account; a second reply raises the unread count on the home shortcut, live, and reading it clears it.
// Messages are text only: markup a visitor types is shown as the characters typed.
test.describe.configure({ mode: 'serial' });

const password = 'chat2026xy';
const account = freshAccount();
const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"> 入金が反映されません';

test.beforeAll(async ({ request }) => {
  await registerMember(request, account, password);
});

test('visitor → support reply live → sign-in joins the conversation → unread count clears', async ({
  page,
  browser,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  // A visitor: "contact us" on the start screen opens the chat.
  await page.goto('/#/login/start');
  await page.getByTestId('start-contact').click();
  await expect(page).toHaveURL(/#\/support\/chat$/);
  await expect(page.getByTestId('chat-visitor-note')).toBeVisible();
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await shot(page, 'support-visitor-empty');
  await page.getByTestId('chat-input').locator('textarea:not([aria-hidden])').fill(hostile);
  await page.getByTestId('chat-send').click();
  const mine = page.getByTestId('chat-text').first();
  await expect(mine).toHaveText(hostile);
  // Shown as text: no element was made from it, and nothing ran.
  await expect(page.locator('.chat-list img[src="x"]')).toHaveCount(0);
  await expect(page.locator('.chat-list script')).toHaveCount(0);

  // Staff, in another browser, answer from the support inbox.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, staffAccount, staffPassword(), /#\/admin/);
  await staff.getByTestId('admin-nav-support').click();
  const item = staff.getByTestId('support-thread-item').filter({ hasText: '入金が反映されません' }).first();
  await expect(item).toBeVisible();
  await item.click();
  await expect(staff.getByTestId('support-context')).toBeVisible();
  await expect(staff.getByTestId('chat-text').first()).toHaveText(hostile);
  await staff.getByTestId('support-assign').click();
  await staff.getByTestId('support-canned-greeting').click();
  await staff.getByTestId('support-reply-send').click();
  await expect(staff.locator('[data-testid="chat-message"][data-author="staff"]')).toHaveCount(1);
  await shot(staff, 'support-inbox-replied');

  // The visitor's screen shows the reply without reloading, and their message as read.
  await expect(page.locator('[data-testid="chat-message"][data-author="staff"]')).toHaveCount(1);
  await expect(page.getByTestId('chat-read')).toHaveCount(1);
  await shot(page, 'support-visitor-reply-live');

  // Signing in: the first chat load joins the visitor's conversation to the account.
  await signIn(page, account, password);
  await page.getByTestId('home-shortcut-customerService').click();
  await expect(page).toHaveURL(/#\/support\/chat$/);
  await expect(page.getByTestId('chat-visitor-note')).toHaveCount(0);
  await expect(page.getByTestId('chat-text')).toHaveCount(2);
  await expect(page.getByTestId('chat-text').first()).toHaveText(hostile);
  await shot(page, 'support-member-joined');

  // Home; support answers again: the shortcut's unread count appears live.
  await page.goto('/#/home/index');
  await expect(page.getByTestId('home-shortcut-customerService')).toBeVisible();
  await expect(page.getByTestId('home-shortcut-customerService-unread')).toHaveCount(0);
  await staff
    .getByTestId('support-reply-input')
    .locator('textarea:not([aria-hidden])')
    .fill('お振込みを確認しました。まもなく反映されます。');
  await staff.getByTestId('support-reply-send').click();
  await expect(staff.locator('[data-testid="chat-message"][data-author="staff"]')).toHaveCount(2);
  // Assigned to this staff member, the conversation (now under the member's account) is in "mine".
  await staff.getByTestId('support-box-mine').click();
  await expect(staff.getByTestId('support-thread-item').filter({ hasText: account })).toHaveCount(1);
  const badge = page.getByTestId('home-shortcut-customerService-unread');
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('1');
  await shot(page, 'support-home-unread');

  // Reading it clears the count.
  await page.getByTestId('home-shortcut-onlineSupport').click();
  await expect(page.getByTestId('chat-text').last()).toHaveText('お振込みを確認しました。まもなく反映されます。');
  await shot(page, 'support-member-reply-read');
  await page.goto('/#/home/index');
  await expect(page.getByTestId('home-shortcut-customerService')).toBeVisible();
  await expect(page.getByTestId('home-shortcut-customerService-unread')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await staffContext.close();
});
