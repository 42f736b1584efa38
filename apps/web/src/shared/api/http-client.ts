import type { z } from 'zod';
import type { CallContract, RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { CallRef } from './call-ref.ts';
import { TransportFailure, browserTransport } from './transport.ts';
import type { Transport, TransportRequest } from './transport.ts';
import { API_BASE_URL, REQUEST_TIMEOUT_MS, UNAUTHORIZED_REDIRECT_DELAY_MS } from '../spec.constants.ts';

export const clientNoticeKeys = {
  network: 'notice.network',
  timeout: 'notice.timeout',
  requestFailed: 'notice.requestFailed',
} as const;

export type ApiErrorKind = 'refusal' | 'unauthorized' | 'timeout' | 'network' | 'http' | 'canceled';

/** A failed call: `messageKey` is the server's dotted key (or a client notice key) to translate. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly messageKey: string;
  readonly httpStatus: number | null;

  constructor(kind: ApiErrorKind, messageKey: string, httpStatus: number | null) {
    super(messageKey);
    this.name = 'ApiError';
    this.kind = kind;
    this.messageKey = messageKey;
    this.httpStatus = httpStatus;
  }
}

export interface ClientSession {
  token: string;
  account: string;
  isAdmin: boolean;
}

export interface HttpClientDeps {
  getSession: () => ClientSession;
  /** Shows a brief notice (SPEC §8: 2 s) with an already translated text. */
  notify: (text: string) => void;
  translate: (key: string) => string;
  /** SPEC §4: called 1.5 s after an HTTP 401; sends the user to /login/login. */
  onUnauthorized: () => void;
  transport?: Transport;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra headers for this call only, e.g. `Idempotency-Key` on money-moving calls (DESIGN "API conventions"). */
  headers?: Record<string, string>;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Fraction sent so far, 0–1. */
  onProgress?: (fraction: number) => void;
}

type AnyContract = CallContract<z.ZodType, z.ZodType>;

export interface HttpClient {
  call<C extends AnyContract>(
    contract: C | CallRef<C>,
    body: RequestOf<C>,
    options?: CallOptions,
  ): Promise<ResponseOf<C>>;
  /** A multipart call (DESIGN "Uploads"): the answer is the usual envelope. */
  upload<C extends AnyContract>(
    contract: C | CallRef<C>,
    form: FormData,
    options?: UploadOptions,
  ): Promise<ResponseOf<C>>;
  /** A call that answers raw bytes (e.g. a private image); a refusal still comes as an envelope. */
  blob<C extends AnyContract>(contract: C | CallRef<C>, body: RequestOf<C>, options?: CallOptions): Promise<Blob>;
}

function envelopeMsg(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg !== '' ? msg : null;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Exchange {
  path: string;
  body: string | FormData;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  responseType: TransportRequest['responseType'];
  onUploadProgress?: (fraction: number) => void;
}

// SPEC §7–8: one client for every call.
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const transport = deps.transport ?? browserTransport;

  const refuse = (kind: ApiErrorKind, key: string, httpStatus: number | null): ApiError => {
    deps.notify(deps.translate(key));
    return new ApiError(kind, key, httpStatus);
  };

  function sessionHeaders(): Record<string, string> {
    const session = deps.getSession();
    // SPEC §7: token and account on every request; is-admin only when the flag is set.
    return { token: session.token, account: session.account, ...(session.isAdmin ? { 'is-admin': '1' } : {}) };
  }

  /** Sends one request with the SPEC §9 10 s limit; answers the HTTP status and body, or throws the ApiError to show. */
  async function exchange(request: Exchange): Promise<{ status: number; body: unknown }> {
    // One signal for the caller's cancel and the timeout (AbortSignal.any is too new for older phones).
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, REQUEST_TIMEOUT_MS);
    if (request.signal?.aborted) abort.abort();
    else request.signal?.addEventListener('abort', () => abort.abort(), { once: true });
    const signal = abort.signal;
    let answer: { status: number; body: unknown };
    try {
      answer = await transport({
        url: `${API_BASE_URL}${request.path}`,
        headers: { ...request.headers, ...sessionHeaders() },
        body: request.body,
        signal,
        responseType: request.responseType,
        ...(request.onUploadProgress ? { onUploadProgress: request.onUploadProgress } : {}),
      });
    } catch (error) {
      if (timedOut) throw refuse('timeout', clientNoticeKeys.timeout, null);
      if (error instanceof TransportFailure && error.reason === 'aborted')
        throw new ApiError('canceled', clientNoticeKeys.requestFailed, null);
      throw refuse('network', clientNoticeKeys.network, null);
    } finally {
      clearTimeout(timer);
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    const key = envelopeMsg(answer.body);
    const shown = refuse(key ? 'refusal' : 'http', key ?? clientNoticeKeys.requestFailed, answer.status);
    if (answer.status === 401) {
      // SPEC §4: every 401 → /login/login after 1.5 s, then the error is passed on.
      await wait(UNAUTHORIZED_REDIRECT_DELAY_MS);
      deps.onUnauthorized();
      throw new ApiError('unauthorized', shown.messageKey, 401);
    }
    throw shown;
  }

  function unwrap<T>(data: unknown, httpStatus: number): T {
    const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
    if (status !== 1) {
      // SPEC §8: status other than 1 → a brief notice with the translated msg.
      throw refuse('refusal', envelopeMsg(data) ?? clientNoticeKeys.requestFailed, httpStatus);
    }
    return (data as { data: T }).data;
  }

  const json = (
    body: unknown,
    options: CallOptions,
    responseType: Exchange['responseType'],
  ): Omit<Exchange, 'path'> => ({
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...options.headers },
    signal: options.signal,
    responseType,
  });

  async function call<C extends AnyContract>(
    contract: C | CallRef<C>,
    body: RequestOf<C>,
    options: CallOptions = {},
  ): Promise<ResponseOf<C>> {
    const answer = await exchange({ path: contract.path, ...json(body, options, 'json') });
    return unwrap<ResponseOf<C>>(answer.body, answer.status);
  }

  async function upload<C extends AnyContract>(
    contract: C | CallRef<C>,
    form: FormData,
    options: UploadOptions = {},
  ): Promise<ResponseOf<C>> {
    // No Content-Type: the browser writes the multipart boundary itself.
    const answer = await exchange({
      path: contract.path,
      body: form,
      headers: {},
      signal: options.signal,
      responseType: 'json',
      onUploadProgress: (fraction) => options.onProgress?.(fraction),
    });
    return unwrap<ResponseOf<C>>(answer.body, answer.status);
  }

  async function blob<C extends AnyContract>(
    contract: C | CallRef<C>,
    body: RequestOf<C>,
    options: CallOptions = {},
  ): Promise<Blob> {
    const answer = await exchange({ path: contract.path, ...json(body, options, 'blob') });
    if (typeof Blob !== 'undefined' && answer.body instanceof Blob) return answer.body;
    // A 2xx JSON answer to a byte request is an envelope: a refusal, or bytes we cannot show.
    unwrap<unknown>(answer.body, answer.status);
    throw refuse('http', clientNoticeKeys.requestFailed, answer.status);
  }

  return { call, upload, blob };
}
