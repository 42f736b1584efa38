// How the HTTP client reaches the server: fetch for calls, XMLHttpRequest where upload progress is needed
// (fetch cannot report it). Tests replace the whole transport.

export interface TransportRequest {
  /** Absolute path on this origin, e.g. `/api/vue/common/config`. */
  url: string;
  headers: Record<string, string>;
  body: string | FormData;
  signal: AbortSignal;
  responseType: 'json' | 'blob';
  onUploadProgress?: (fraction: number) => void;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON (null when the body is not JSON), or the bytes for a blob request that did not answer JSON. */
  body: unknown;
}

/** The request never got an HTTP answer: aborted by its signal, or the network failed. */
export class TransportFailure extends Error {
  readonly reason: 'aborted' | 'network';

  constructor(reason: 'aborted' | 'network') {
    super(reason);
    this.name = 'TransportFailure';
    this.reason = reason;
  }
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isJson = (contentType: string | null) => contentType !== null && contentType.includes('json');

async function viaFetch(request: TransportRequest): Promise<TransportResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch {
    throw new TransportFailure(request.signal.aborted ? 'aborted' : 'network');
  }
  try {
    const json = request.responseType === 'json' || isJson(response.headers.get('content-type'));
    return { status: response.status, body: json ? parseJson(await response.text()) : await response.blob() };
  } catch {
    throw new TransportFailure(request.signal.aborted ? 'aborted' : 'network');
  }
}

function viaXhr(request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        request.onUploadProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: parseJson(String(xhr.response)) }));
    xhr.addEventListener('error', () => reject(new TransportFailure('network')));
    xhr.addEventListener('abort', () => reject(new TransportFailure('aborted')));
    if (request.signal.aborted) {
      reject(new TransportFailure('aborted'));
      return;
    }
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}

export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? viaXhr(request) : viaFetch(request);
