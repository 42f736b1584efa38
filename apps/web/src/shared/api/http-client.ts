import axios, { AxiosError } from 'axios';
import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import type { CallContract, RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { CallRef } from './call-ref.ts';
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
  adapter?: AxiosAdapter;
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

export interface HttpClient {
  axios: AxiosInstance;
  call<C extends CallContract<z.ZodType, z.ZodType>>(contract: C | CallRef<C>, body: RequestOf<C>, options?: CallOptions): Promise<ResponseOf<C>>;
  /** A multipart call (DESIGN "Uploads"): the answer is the usual envelope. */
  upload<C extends CallContract<z.ZodType, z.ZodType>>(contract: C, form: FormData, options?: UploadOptions): Promise<ResponseOf<C>>;
  /** A call that answers raw bytes (e.g. a private image); a refusal still comes as an envelope. */
  blob<C extends CallContract<z.ZodType, z.ZodType>>(contract: C, body: RequestOf<C>, options?: CallOptions): Promise<Blob>;
}

/** A refusal to a blob request arrives as a Blob holding the JSON envelope. */
async function readBlobBody(body: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(body instanceof Blob)) return body;
  try {
    return JSON.parse(await body.text()) as unknown;
  } catch {
    return null;
  }
}

function envelopeMsg(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg !== '' ? msg : null;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// SPEC §7–8: one client for every call.
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const instance = axios.create({
    baseURL: API_BASE_URL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    const session = deps.getSession();
    // SPEC §7: token and account on every request; is-admin only when the flag is set.
    config.headers.set('token', session.token);
    config.headers.set('account', session.account);
    if (session.isAdmin) config.headers.set('is-admin', '1');
    else config.headers.delete('is-admin');
    return config;
  });

  const requestConfig = (options: CallOptions): AxiosRequestConfig => ({
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });

  const refuse = (kind: ApiErrorKind, key: string, httpStatus: number | null): ApiError => {
    deps.notify(deps.translate(key));
    return new ApiError(kind, key, httpStatus);
  };

  async function failure(error: unknown): Promise<never> {
    if (axios.isCancel(error)) throw new ApiError('canceled', clientNoticeKeys.requestFailed, null);
    if (!(error instanceof AxiosError)) throw refuse('network', clientNoticeKeys.network, null);
    const response = error.response;
    if (response) {
      const key = envelopeMsg(await readBlobBody(response.data));
      const shown = refuse(key ? 'refusal' : 'http', key ?? clientNoticeKeys.requestFailed, response.status);
      if (response.status === 401) {
        // SPEC §4: every 401 → /login/login after 1.5 s, then the error is passed on.
        await wait(UNAUTHORIZED_REDIRECT_DELAY_MS);
        deps.onUnauthorized();
        throw new ApiError('unauthorized', shown.messageKey, 401);
      }
      throw shown;
    }
    if (error.code === AxiosError.ETIMEDOUT || error.code === AxiosError.ECONNABORTED) {
      throw refuse('timeout', clientNoticeKeys.timeout, null);
    }
    throw refuse('network', clientNoticeKeys.network, null);
  }

  function unwrap<T>(data: unknown, httpStatus: number): T {
    const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
    if (status !== 1) {
      // SPEC §8: status other than 1 → a brief notice with the translated msg.
      throw refuse('refusal', envelopeMsg(data) ?? clientNoticeKeys.requestFailed, httpStatus);
    }
    return (data as { data: T }).data;
  }

  async function call<C extends CallContract<z.ZodType, z.ZodType>>(contract: C | CallRef<C>, body: RequestOf<C>, options: CallOptions = {}): Promise<ResponseOf<C>> {
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.post<unknown>(contract.path, body, requestConfig(options));
    } catch (error) {
      return failure(error);
    }
    return unwrap<ResponseOf<C>>(response.data, response.status);
  }

  async function upload<C extends CallContract<z.ZodType, z.ZodType>>(contract: C, form: FormData, options: UploadOptions = {}): Promise<ResponseOf<C>> {
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.post<unknown>(contract.path, form, {
        // Not JSON: axios would turn the FormData into JSON; the browser then sets the multipart boundary itself.
        headers: { 'Content-Type': 'multipart/form-data' },
        ...(options.signal ? { signal: options.signal } : {}),
        onUploadProgress: (event) => {
          if (options.onProgress && event.total) options.onProgress(Math.min(1, event.loaded / event.total));
        },
      });
    } catch (error) {
      return failure(error);
    }
    return unwrap<ResponseOf<C>>(response.data, response.status);
  }

  async function blob<C extends CallContract<z.ZodType, z.ZodType>>(contract: C, body: RequestOf<C>, options: CallOptions = {}): Promise<Blob> {
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.post<unknown>(contract.path, body, { ...requestConfig(options), responseType: 'blob' });
    } catch (error) {
      return failure(error);
    }
    const data = response.data;
    if (typeof Blob !== 'undefined' && data instanceof Blob && !data.type.includes('json')) return data;
    // A 2xx JSON answer to a byte request is an envelope: a refusal, or bytes we cannot show.
    unwrap<unknown>(await readBlobBody(data), response.status);
    throw refuse('http', clientNoticeKeys.requestFailed, response.status);
  }

  return { axios: instance, call, upload, blob };
}
