import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot, signIn, staffAccount, staffPassword, registerMember } from './screens.ts';

// Issue 6 §4: a staff decision reaches the member's open screen over the stream — no reload, no polling.
const account = `060${String(Date.now()).slice(-7)}`;
const password = 'live2026x';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function call<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.post(`/api/vue/${path}`, { data: body, headers });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 1) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

test('a deposit approved by staff shows on the member centre the member has open', async ({ page, request }) => {
  await registerMember(request, account, password);
  const { token } = await call<{ token: string }>(request, 'user/login', { account, password, agree: true });
  const member = { token, account };
  const upload = await request.post('/api/vue/upload/image', {
    headers: member,
    multipart: { purpose: 'deposit_receipt', file: { name: 'receipt.png', mimeType: 'image/png', buffer: png } },
  });
  const receipt = ((await upload.json()) as { data: { id: string } }).data.id;
  const { channels } = await call<{ channels: { id: string }[] }>(request, 'user/deposit/channels', {}, member);
  const deposit = await call<{ id: string }>(
    request,
    'user/deposit/create',
    { channelId: channels[0]?.id, amount: '250000', receiptImageId: receipt },
    member,
  );

  // The member signs in and leaves the member centre open.
  await signIn(page, account, password);
  await page.getByTestId('bottom-nav-member').click();
  await expect(page.getByTestId('uc-asset-card')).not.toContainText('250,000');
  await shot(page, 'live-before-decision');

  // Staff approve elsewhere; the open screen updates by itself.
  const staff = await call<{ token: string }>(request, 'user/login', {
    account: staffAccount,
    password: staffPassword(),
    agree: true,
  });
  await call(
    request,
    'admin/deposits/decide',
    { id: deposit.id, decision: 'approve', reason: 'transfer received' },
    { token: staff.token, account: staffAccount },
  );
  await expect(page.getByTestId('uc-asset-card')).toContainText('250,000', { timeout: 10_000 });
  await shot(page, 'live-after-decision');
});
