import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoCall } from '@kabuto/contracts/user/info';
import { configCall } from '@kabuto/contracts/common/config';
import { createHttpClient } from './http-client.ts';
import type { ApiError, ClientSession, HttpClientDeps } from './http-client.ts';
import { TransportFailure } from './transport.ts';
import type { Transport, TransportRequest } from './transport.ts';

type Reply = { status: number; body: unknown };

function fakeTransport(reply: (request: TransportRequest) => Reply | Promise<Reply>) {
  const seen: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    seen.push(request);
    return reply(request);
  };
  return { transport, seen };
}

/** Like the browser: no answer until the request's signal aborts it. */
const silentServer: Transport = (request) =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(new TransportFailure('aborted')), { once: true });
  });

function setup(session: ClientSession, transport: Transport) {
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
    transport,
  };
  return { client: createHttpClient(deps), notify, onUnauthorized };
}

const member: ClientSession = { token: 'tok-123', account: '0901234567', isAdmin: false };
const ok = (): Reply => ({ status: 200, body: { status: 1, msg: '', data: null } });

describe('http client (SPEC §7–8)', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON under /api/vue/ with token and account headers', async () => {
    const { transport, seen } = fakeTransport(() => ({
      status: 200,
      body: { status: 1, msg: '', data: [{ name: 'title', value: 'Kabuto' }] },
    }));
    const { client, notify } = setup(member, transport);

    const data = await client.call(configCall, { type: 'all' });

    expect(data).toEqual([{ name: 'title', value: 'Kabuto' }]);
    const request = seen[0];
    expect(request?.url).toBe('/api/vue/common/config');
    expect(JSON.parse(String(request?.body))).toEqual({ type: 'all' });
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.headers.token).toBe('tok-123');
    expect(request?.headers.account).toBe('0901234567');
    expect(notify).not.toHaveBeenCalled();
  });

  it('omits is-admin when the flag is unset and sends it when set', async () => {
    const plain = fakeTransport(ok);
    await setup(member, plain.transport).client.call(userInfoCall, {});
    expect('is-admin' in (plain.seen[0]?.headers ?? {})).toBe(false);

    const admin = fakeTransport(ok);
    await setup({ ...member, isAdmin: true }, admin.transport).client.call(userInfoCall, {});
    expect(admin.seen[0]?.headers['is-admin']).toBe('1');
  });

  it('shows the translated msg when the answer carries status 0, and rejects', async () => {
    const { transport } = fakeTransport(() => ({
      status: 200,
      body: { status: 0, msg: 'errors.account.alreadyExists', data: null },
    }));
    const { client, notify } = setup(member, transport);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({
      kind: 'refusal',
      messageKey: 'errors.account.alreadyExists',
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('This account is already registered.');
  });

  it('shows an unknown key as the key itself, also on an HTTP refusal', async () => {
    const { transport } = fakeTransport(() => ({
      status: 409,
      body: { status: 0, msg: 'errors.some.newThing', data: null },
    }));
    const { client, notify } = setup(member, transport);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({ kind: 'refusal', httpStatus: 409 });
    expect(notify).toHaveBeenCalledExactlyOnceWith('errors.some.newThing');
  });

  it('answers an HTTP error without an envelope with the generic notice', async () => {
    const { transport } = fakeTransport(() => ({ status: 502, body: null }));
    const { client, notify } = setup(member, transport);

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({
      kind: 'http',
      messageKey: 'notice.requestFailed',
      httpStatus: 502,
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('notice.requestFailed');
  });

  it('sends the user to /login/login 1.5 s after an HTTP 401, then rejects', async () => {
    vi.useFakeTimers();
    const { transport } = fakeTransport(() => ({
      status: 401,
      body: { status: 0, msg: 'errors.auth.required', data: null },
    }));
    const { client, notify, onUnauthorized } = setup(member, transport);

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

  it('gives up after 10 s (SPEC §9), aborts the request and shows the timeout notice', async () => {
    vi.useFakeTimers();
    const seen: TransportRequest[] = [];
    const { client, notify } = setup(member, (request) => {
      seen.push(request);
      return silentServer(request);
    });

    const result = client.call(userInfoCall, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(notify).not.toHaveBeenCalled();
    expect(seen[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ kind: 'timeout', messageKey: 'notice.timeout' });
    expect(seen[0]?.signal.aborted).toBe(true);
    expect(notify).toHaveBeenCalledExactlyOnceWith('The server took too long to answer.');
  });

  it('is quiet when the caller cancels (a screen that went away)', async () => {
    const { client, notify } = setup(member, silentServer);
    const cancel = new AbortController();

    const result = client.call(userInfoCall, {}, { signal: cancel.signal }).catch((error: unknown) => error);
    cancel.abort();

    expect(await result).toMatchObject({ kind: 'canceled' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the network notice when the request never reaches the server', async () => {
    const { client, notify } = setup(member, () => Promise.reject(new TransportFailure('network')));

    await expect(client.call(userInfoCall, {})).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('No connection.');
  });

  it('sends extra headers for one call only, such as an Idempotency-Key', async () => {
    const { transport, seen } = fakeTransport(ok);
    const { client } = setup(member, transport);
    await client.call(userInfoCall, {}, { headers: { 'Idempotency-Key': 'key-1' } });
    await client.call(userInfoCall, {});
    expect(seen[0]?.headers['Idempotency-Key']).toBe('key-1');
    expect(seen[0]?.headers.token).toBe('tok-123');
    expect('Idempotency-Key' in (seen[1]?.headers ?? {})).toBe(false);
  });

  it('uploads multipart form data as it is, with the session headers and progress, and answers the envelope data', async () => {
    const { transport, seen } = fakeTransport((request) => {
      request.onUploadProgress?.(0.5);
      request.onUploadProgress?.(1);
      return { status: 200, body: { status: 1, msg: '', data: { id: 'img-1' } } };
    });
    const { client } = setup(member, transport);
    const form = new FormData();
    form.append('purpose', 'id_front');
    form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'a.gif');
    const progress: number[] = [];

    const answer = await client.upload(userInfoCall, form, { onProgress: (fraction) => progress.push(fraction) });

    expect(answer).toEqual({ id: 'img-1' });
    expect(seen[0]?.body).toBe(form);
    expect('Content-Type' in (seen[0]?.headers ?? {})).toBe(false);
    expect(seen[0]?.headers.account).toBe('0901234567');
    expect(progress).toEqual([0.5, 1]);
  });

  it('fetches bytes as a blob, and reads a refusal envelope from a JSON answer', async () => {
    const image = new Blob(['GIF89a'], { type: 'image/gif' });
    const bytes = fakeTransport(() => ({ status: 200, body: image }));
    expect(await setup(member, bytes.transport).client.blob(userInfoCall, {})).toBe(image);
    expect(bytes.seen[0]?.responseType).toBe('blob');

    const denied = fakeTransport(() => ({
      status: 403,
      body: { status: 0, msg: 'errors.auth.forbidden', data: null },
    }));
    const { client, notify } = setup(member, denied.transport);
    await expect(client.blob(userInfoCall, {})).rejects.toMatchObject({
      kind: 'refusal',
      messageKey: 'errors.auth.forbidden',
      httpStatus: 403,
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('errors.auth.forbidden');
  });
});
