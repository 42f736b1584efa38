import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { userInfoCall } from '@kabuto/contracts/user/info';
import { configCall } from '@kabuto/contracts/common/config';
import { createHttpClient } from './http-client.ts';
import type { ApiError, ClientSession, HttpClientDeps } from './http-client.ts';

type Reply = { status: number; body: unknown };

function fakeAdapter(reply: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status, body } = await reply(config);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: new AxiosHeaders(), config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  return { adapter, seen };
}

function setup(session: ClientSession, adapter: AxiosAdapter) {
  const notify = vi.fn<(text: string) => void>();
  const onUnauthorized = vi.fn<() => void>();
  const catalogue: Record<string, string> = {
    'errors.account.alreadyExists': 'This account is already registered.',
    'notice.timeout': 'The server took too long to answer.',
    'notice.network': 'No connection.',
  };
  const deps: HttpClientDeps = {
    getSession: () => session,
    notify,
    translate: (key) => catalogue[key] ?? key,
    onUnauthorized,
    adapter,
  };
  return { client: createHttpClient(deps), notify, onUnauthorized };
}

const member: ClientSession = { token: 'tok-123', account: '0901234567', isAdmin: false };

describe('http client (SPEC §7–8)', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON under /api/vue/ with token and account headers and a 10 s timeout', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, body: { status: 1, msg: '', data: [{ name: 'title', value: 'Kabuto' }] } }));
    const { client, notify } = setup(member, adapter);

    const data = await client.call(configCall, { type: 'all' });

    expect(data).toEqual([{ name: 'title', value: 'Kabuto' }]);
    const config = seen[0];
    expect(config?.baseURL).toBe('/api/vue/');
    expect(config?.url).toBe('common/config');
    expect(config?.method).toBe('post');
    expect(config?.timeout).toBe(10_000);
    expect(JSON.parse(String(config?.data))).toEqual({ type: 'all' });
    expect(config?.headers.get('token')).toBe('tok-123');
    expect(config?.headers.get('account')).toBe('0901234567');
    expect(notify).not.toHaveBeenCalled();
  });

  it('omits is-admin when the flag is unset and sends it when set', async () => {
    const ok = () => ({ status: 200, body: { status: 1, msg: '', data: null } });
    const plain = fakeAdapter(ok);
    await setup(member, plain.adapter).client.call(userInfoCall, {});
    expect(plain.seen[0]?.headers.has('is-admin')).toBe(false);

    const admin = fakeAdapter(ok);
    await setup({ ...member, isAdmin: true }, admin.adapter).client.call(userInfoCall, {});
    expect(admin.seen[0]?.headers.get('is-admin')).toBe('1');
  });

  it('shows the translated msg when the answer carries status 0, and rejects', async () => {
    const { adapter } = fakeAdapter(() => ({ status: 200, body: { status: 0, msg: 'errors.account.alreadyExists', data: null } }));
    const { client, notify } = setup(member, adapter);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({ kind: 'refusal', messageKey: 'errors.account.alreadyExists' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('This account is already registered.');
  });

  it('shows an unknown key as the key itself, also on an HTTP refusal', async () => {
    const { adapter } = fakeAdapter(() => ({ status: 409, body: { status: 0, msg: 'errors.some.newThing', data: null } }));
    const { client, notify } = setup(member, adapter);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({ kind: 'refusal', httpStatus: 409 });
    expect(notify).toHaveBeenCalledExactlyOnceWith('errors.some.newThing');
  });

  it('sends the user to /login/login 1.5 s after an HTTP 401, then rejects', async () => {
    vi.useFakeTimers();
    const { adapter } = fakeAdapter(() => ({ status: 401, body: { status: 0, msg: 'errors.auth.required', data: null } }));
    const { client, notify, onUnauthorized } = setup(member, adapter);

    let settled: ApiError | null = null;
    const pending = client.call(userInfoCall, {}).catch((error: ApiError) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(notify).toHaveBeenCalledWith('errors.auth.required');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(settled).toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
  });

  it('shows the timeout notice when no answer comes within 10 s', async () => {
    vi.useFakeTimers();
    const adapter: AxiosAdapter = (config) =>
      new Promise((_, reject) => {
        // As the browser adapter does: give up after config.timeout.
        setTimeout(() => reject(new AxiosError(`timeout of ${String(config.timeout)}ms exceeded`, AxiosError.ETIMEDOUT, config)), config.timeout);
      });
    const { client, notify } = setup(member, adapter);

    const result = client.call(userInfoCall, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ kind: 'timeout', messageKey: 'notice.timeout' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('The server took too long to answer.');
  });

  it('shows the network notice when the request never reaches the server', async () => {
    const adapter: AxiosAdapter = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
    const { client, notify } = setup(member, adapter);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('No connection.');
  });

  it('sends extra headers for one call only, such as an Idempotency-Key', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, body: { status: 1, msg: '', data: null } }));
    const { client } = setup(member, adapter);
    await client.call(userInfoCall, {}, { headers: { 'Idempotency-Key': 'key-1' } });
    await client.call(userInfoCall, {});
    expect(seen[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(seen[0]?.headers.get('token')).toBe('tok-123');
    expect(seen[1]?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('uploads multipart form data as it is, with the session headers, and answers the envelope data', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, body: { status: 1, msg: '', data: { id: 'img-1' } } }));
    const { client } = setup(member, adapter);
    const form = new FormData();
    form.append('purpose', 'id_front');
    form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'a.gif');

    const answer = await client.upload(userInfoCall, form);

    expect(answer).toEqual({ id: 'img-1' });
    expect(seen[0]?.data).toBe(form);
    expect(String(seen[0]?.headers.get('Content-Type'))).not.toContain('json');
    expect(seen[0]?.headers.get('account')).toBe('0901234567');
  });

  it('fetches bytes as a blob, and reads a refusal envelope out of a blob answer', async () => {
    const image = new Blob(['GIF89a'], { type: 'image/gif' });
    const ok = fakeAdapter(() => ({ status: 200, body: image }));
    const bytes = await setup(member, ok.adapter).client.blob(userInfoCall, {});
    expect(bytes).toBe(image);
    expect(ok.seen[0]?.responseType).toBe('blob');

    const refusal = new Blob([JSON.stringify({ status: 0, msg: 'errors.auth.forbidden', data: null })], { type: 'application/json' });
    const denied = fakeAdapter(() => ({ status: 403, body: refusal }));
    const { client, notify } = setup(member, denied.adapter);
    await expect(client.blob(userInfoCall, {})).rejects.toMatchObject({ kind: 'refusal', messageKey: 'errors.auth.forbidden', httpStatus: 403 });
    expect(notify).toHaveBeenCalledExactlyOnceWith('errors.auth.forbidden');
  });
});
