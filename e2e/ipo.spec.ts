import { expect, test, type Page } from '@playwright/test';
import {
  apiCall,
  freshAccount,
  registerFundedMember,
  verifyRealName,
  shot,
  signIn,
  staffAccount,
  staffHeaders,
  staffPassword,
} from './screens.ts';

// Issue 25: staff set up an IPO offering; a verified member subscribes on the phone screen, the leader's job draws it
// from the committed secret, the member's browser recomputes the draw and says it matches, the member confirms the
// purchase and finds the locked shares under the positions' "auction" tab. The screens in Japanese and English.
test.describe.configure({ mode: 'serial' });

const account = freshAccount();
const password = 'ipo2026xy';
const code = `9${String(Date.now()).slice(-2)}Y`;
let offeringId = '';

async function noticeGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

test.beforeAll(async ({ request }) => {
  const member = await registerFundedMember(request, account, password);
  await verifyRealName(request, member);
  // The window opens in three seconds and closes twenty later; the draw is due at the close.
  const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  const offering = await apiCall<{ id: string }>(
    request,
    'admin/ipo/create',
    {
      code,
      nameJp: 'カブト・ロボティクス',
      nameEn: 'Kabuto Robotics',
      nameTw: '兜機器人',
      price: '1800',
      sharesOnOffer: '100',
      opensAt: at(3),
      closesAt: at(23),
      drawAt: at(23),
      payBy: at(3600),
      listsAt: at(86_400),
      lockUpUntil: null,
      reason: 'E2E：引受契約締結',
    },
    await staffHeaders(request),
  );
  offeringId = offering.id;
  await new Promise((r) => setTimeout(r, 3_500));
});

test('subscribe → the draw → the browser recomputes it and says it matches → pay → the locked shares under "auction"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account, password);
  // Home shortcut → the offerings.
  await page.getByTestId('home-shortcuts').getByRole('button', { name: /IPO/ }).click();
  await expect(page).toHaveURL(/#\/market\/subscribe$/);
  const card = page.locator(`[data-testid="ipo-card"][data-offering-id="${offeringId}"]`);
  await expect(card).toBeVisible();
  await noticeGone(page);
  await shot(page, 'ipo-list', { fullPage: false });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/market/subscribeDetail\\?id=${offeringId}$`));
  await expect(page.getByTestId('ipo-commitment-value')).toHaveText(/[0-9a-f]{6}/);

  // 100 shares hold ¥180,000 of the ¥900,000 available; confirm in the sheet.
  await page.getByTestId('ipo-subscribe-shares').fill('100');
  await expect(page.getByTestId('ipo-subscribe-amount')).toContainText('180,000');
  await noticeGone(page);
  await shot(page, 'ipo-subscribe');
  await page.getByTestId('ipo-subscribe-submit').click();
  await expect(page.getByTestId('ipo-sheet-confirm')).toBeVisible();
  await shot(page, 'ipo-subscribe-confirm', { fullPage: false });
  await page.getByTestId('ipo-sheet-confirm').click();
  await expect(page.getByTestId('ipo-entry')).toHaveAttribute('data-status', 'awaitingDraw');

  // The leader's job draws after the close; the screen hears it over the stream and checks the draw itself.
  await expect(page.getByTestId('ipo-entry')).toHaveAttribute('data-status', 'won', { timeout: 60_000 });
  await expect(page.getByTestId('ipo-verify')).toHaveAttribute('data-result', 'matches', { timeout: 20_000 });
  await expect(page.getByTestId('ipo-odds')).toBeVisible();
  await noticeGone(page);
  await shot(page, 'ipo-drawn-matches');

  // Confirm the purchase: the shares become a position, locked until listing, under the "auction" tab.
  await page.getByTestId('ipo-pay').click();
  await expect(page.getByTestId('ipo-sheet-confirm')).toBeVisible();
  await page.getByTestId('ipo-sheet-confirm').click();
  await expect(page.getByTestId('ipo-entry')).toHaveAttribute('data-status', 'paid');
  await noticeGone(page);
  await shot(page, 'ipo-paid');
  await page.goto('/#/position/position?tab=auction');
  const position = page.getByTestId('pos-card').first();
  await expect(position).toHaveAttribute('data-symbol', code);
  await expect(position).toHaveAttribute('data-status', 'holding');
  await expect(position).toContainText('カブト・ロボティクス');
  // Locked until listing: said on the card, and no close button.
  await expect(position.getByTestId('pos-locked')).toBeVisible();
  await expect(position.getByTestId('pos-close')).toHaveCount(0);
  await noticeGone(page);
  await shot(page, 'positions-auction', { fullPage: false });

  // The allotment record (/user/pj) from the member centre: the shares, locked until listing.
  await page.goto('/#/user/usercenter');
  await page.getByTestId('uc-menu-allotments').click();
  await expect(page).toHaveURL(/#\/user\/pj$/);
  const allotment = page.locator(`[data-testid="allotment-row"][data-code="${code}"]`);
  await expect(allotment).toHaveAttribute('data-status', 'locked');
  await expect(allotment).toContainText('180,000');
  await noticeGone(page);
  await shot(page, 'allotments');

  // The record: every step with its time.
  await page.goto('/#/market/subscribeRecord');
  await expect(page.getByTestId('ipo-record-row').first()).toHaveAttribute('data-status', 'paid');
  await noticeGone(page);
  await shot(page, 'ipo-record');
});

test('the offering and the draw read in English', async ({ page }) => {
  await signIn(page, account, password);
  await page.goto(`/?lang=en#/market/subscribeDetail?id=${offeringId}`);
  await expect(page.getByTestId('ipo-verify')).toHaveAttribute('data-result', 'matches', { timeout: 20_000 });
  await expect(page.getByTestId('ipo-detail')).toContainText('Kabuto Robotics');
  await noticeGone(page);
  await shot(page, 'ipo-detail-en');
});

test('staff see the offering, its entries and its draw in the back office', async ({ page }) => {
  await signIn(page, staffAccount, staffPassword(), /#\/admin/);
  await page.goto('/#/admin?s=ipo');
  const row = page.locator(`[data-testid="admin-ipo-row"][data-code="${code}"]`);
  await expect(row).toHaveAttribute('data-phase', 'drawn');
  await expect(row).toContainText('1');
  await noticeGone(page);
  await shot(page, 'admin-ipo');
});
