import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
/** Saves a screenshot of what the member sees (the whole page, or only the phone's screen for long lists), numbered in visiting order. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  counter += 1;
  await page.screenshot({
    path: `e2e/screenshots/${String(counter).padStart(2, '0')}-${name}.png`,
    fullPage: options.fullPage ?? true,
  });
}

export const staffAccount = '9000000001';
export const staffPassword = (): string => required('E2E_STAFF_PASSWORD');
export const inviteCode = (): string => required('E2E_INVITE_CODE');

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the browser tests with npm run test:e2e`);
  return v;
}

/** A fresh ten-digit account per run. */
export const freshAccount = (): string => `070${String(Date.now()).slice(-7)}`;

/** Signs in through the sign-in screen, as a member would, and waits for the screen it leads to (members: home). */
export async function signIn(
  page: Page,
  who: string,
  secret: string,
  landing: RegExp = /#\/home\/index/,
): Promise<void> {
  await page.goto('/#/login/login');
  await page.reload();
  await page.getByTestId('login-account').fill(who);
  await page.getByTestId('login-password').fill(secret);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(landing);
}

/** One API call as the app makes it (SPEC §7: POST, `{status, msg, data}`); a refusal fails the test with its key. */
export async function apiCall<T>(
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

/** Registers a member through the API with the seeded invitation code (the register screen is walked in foundation.spec.ts). */
export async function registerMember(request: APIRequestContext, account: string, password: string): Promise<void> {
  await apiCall(request, 'user/register', {
    account,
    password,
    confirmPassword: password,
    inviteCode: inviteCode(),
    agree: true,
  });
}
