import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

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
  // Issue 27: staff must use two-step sign-in, so the staff account is enrolled first and then gives its code.
  const staff = who === staffAccount ? await staffHeaders(page.request) : null;
  await page.getByTestId('login-submit').click();
  if (staff) {
    await page.getByTestId('login-code').fill(await nextStaffCode());
    await page.getByTestId('login-code-submit').click();
  }
  await expect(page).toHaveURL(landing);
}

/**
 * Issue 27: the seeded staff account's two-step sign-in, enrolled once a run (`staffHeaders`) and kept in the run's
 * data folder so every spec file computes its codes with otpauth from the same secret, as the app on a phone does.
 */
interface StaffTwoFactor {
  secret: string;
  /** The last time step a code was sent at: a code is accepted once, so the next one waits for a later step. */
  lastStep: number;
  /** The API session signed in with it, reused while it is valid so the helpers do not spend a code a call. */
  token: string | null;
}

const staffStateFile = (): string => join(required('E2E_DATA_DIR'), 'e2e-staff-two-factor.json');
const readStaffState = (): StaffTwoFactor | null =>
  existsSync(staffStateFile()) ? (JSON.parse(readFileSync(staffStateFile(), 'utf8')) as StaffTwoFactor) : null;
const writeStaffState = (state: StaffTwoFactor): void => writeFileSync(staffStateFile(), JSON.stringify(state));

/** A code of a time step not used yet, waiting for the next step (at most 30 s) when this one was used. */
export async function nextStaffCode(): Promise<string> {
  const state = readStaffState();
  if (!state) throw new Error('the staff account is not enrolled in two-step sign-in yet (staffHeaders does it)');
  const stepOf = (ms: number) => Math.floor(ms / 30_000);
  if (stepOf(Date.now()) <= state.lastStep) {
    await new Promise((resolve) => setTimeout(resolve, (state.lastStep + 1) * 30_000 - Date.now() + 200));
  }
  const now = Date.now();
  writeStaffState({ ...state, lastStep: stepOf(now) });
  return new TOTP({ secret: Secret.fromBase32(state.secret) }).generate({ timestamp: now });
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

/** A valid 1×1 PNG, the receipt of a test deposit. */
export const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Signs staff in through the API; the headers their calls send. Issue 27: the first time a run, the staff account turns
 * two-step sign-in on (set-up, then a code from the secret); later sign-ins give a code, and a session still valid is
 * reused.
 */
export async function staffHeaders(request: APIRequestContext): Promise<{ token: string; account: string }> {
  const known = readStaffState();
  if (known?.token) {
    const headers = { token: known.token, account: staffAccount };
    const res = await request.post('/api/vue/user/twoFactor/status', { data: {}, headers });
    if (res.ok()) return headers;
  }
  const answer = await apiCall<{ token: string } | { challenge: string }>(request, 'user/login', {
    account: staffAccount,
    password: staffPassword(),
    agree: true,
  });
  if ('challenge' in answer) {
    const { token } = await apiCall<{ token: string }>(request, 'user/login/code', {
      challenge: answer.challenge,
      code: await nextStaffCode(),
    });
    writeStaffState({ ...(readStaffState() as StaffTwoFactor), token });
    return { token, account: staffAccount };
  }
  const headers = { token: answer.token, account: staffAccount };
  const setup = await apiCall<{ secret: string }>(request, 'user/twoFactor/setup', {}, headers);
  writeStaffState({ secret: setup.secret.replace(/\s/g, ''), lastStep: -1, token: answer.token });
  await apiCall(request, 'user/twoFactor/enable', { code: await nextStaffCode() }, headers);
  return headers;
}

/** Issue 27: turns two-step sign-in on for a signed-in account (a new staff member must); returns its TOTP. */
export async function enrolTwoFactor(
  request: APIRequestContext,
  headers: { token: string; account: string },
): Promise<TOTP> {
  const setup = await apiCall<{ secret: string }>(request, 'user/twoFactor/setup', {}, headers);
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret.replace(/\s/g, '')) });
  await apiCall(request, 'user/twoFactor/enable', { code: totp.generate() }, headers);
  return totp;
}

/**
 * Registers a member who asks to deposit `amount` yen through the real calls (a deposit with a receipt, waiting for
 * review). Returns the member's headers and the deposit's id.
 */
export async function registerWithDeposit(
  request: APIRequestContext,
  account: string,
  password: string,
  amount: string,
): Promise<{ member: { token: string; account: string }; depositId: string }> {
  await registerMember(request, account, password);
  const { token } = await apiCall<{ token: string }>(request, 'user/login', { account, password, agree: true });
  const member = { token, account };
  const upload = await request.post('/api/vue/upload/image', {
    headers: member,
    multipart: { purpose: 'deposit_receipt', file: { name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng } },
  });
  const receipt = ((await upload.json()) as { data: { id: string } }).data.id;
  const { channels } = await apiCall<{ channels: { id: string }[] }>(request, 'user/deposit/channels', {}, member);
  const deposit = await apiCall<{ id: string }>(
    request,
    'user/deposit/create',
    { channelId: channels[0]?.id, amount, receiptImageId: receipt },
    { ...member, 'Idempotency-Key': `e2e-fund-${account}` },
  );
  return { member, depositId: deposit.id };
}

/** Staff approve a deposit (under the four-eyes amount, one approval moves the money). */
export async function approveDeposit(request: APIRequestContext, depositId: string): Promise<void> {
  await apiCall(
    request,
    'admin/deposits/decide',
    { id: depositId, decision: 'approve', reason: 'transfer received' },
    await staffHeaders(request),
  );
}

/** A member with `amount` yen deposited and approved by staff. Returns the member's headers. */
export async function registerFundedMember(
  request: APIRequestContext,
  account: string,
  password: string,
  amount = '900000',
): Promise<{ token: string; account: string }> {
  const { member, depositId } = await registerWithDeposit(request, account, password, amount);
  await approveDeposit(request, depositId);
  return member;
}

/**
 * Records what the page's stream socket sent and received and what the page warned about, so a wait on a live value
 * that times out can say why: whether the topic was subscribed, whether its messages came, what they carried.
 */
export function recordStream(page: Page): { summary: (topic: string) => string } {
  const lines: string[] = [];
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') lines.push(`${at()} console ${m.type()}: ${m.text()}`);
  });
  page.on('websocket', (ws) => {
    lines.push(`${at()} socket open ${ws.url()}`);
    ws.on('framesent', (f) => lines.push(`${at()} sent ${String(f.payload).slice(0, 300)}`));
    ws.on('framereceived', (f) => lines.push(`${at()} got ${String(f.payload).slice(0, 300)}`));
    ws.on('close', () => lines.push(`${at()} socket closed`));
  });
  return {
    summary: (topic) =>
      lines
        .filter((l) => !l.includes(' got ') || l.includes(`"${topic}"`) || !l.includes('"topic"'))
        .slice(-80)
        .join('\n'),
  };
}

/** Real-name verification through the calls (the screens are walked in money.spec.ts), approved by staff. */
export async function verifyRealName(
  request: APIRequestContext,
  member: { token: string; account: string },
): Promise<void> {
  const upload = async (purpose: string) => {
    const res = await request.post('/api/vue/upload/image', {
      headers: member,
      multipart: { purpose, file: { name: `${purpose}.png`, mimeType: 'image/png', buffer: receiptPng } },
    });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  await apiCall(
    request,
    'user/realName/submit',
    {
      realName: 'ヤマダ ハナコ',
      idNumber: 'CD7654321',
      frontImageId: await upload('id_front'),
      backImageId: await upload('id_back'),
    },
    member,
  );
  const staff = await staffHeaders(request);
  const queue = await apiCall<{ items: { id: string; account: string }[] }>(
    request,
    'admin/realName/list',
    { status: 'pending', pageSize: 100 },
    staff,
  );
  const id = queue.items.find((i) => i.account === member.account)?.id;
  await apiCall(request, 'admin/realName/decide', { id, decision: 'approve', reason: 'documents match' }, staff);
}
