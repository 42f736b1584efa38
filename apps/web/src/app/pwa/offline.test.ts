import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/http-client.ts';
import { isOfflineFailure, whenBackOnline } from './offline.ts';

const offline = { onLine: false };
const online = { onLine: true };

describe('the app started without a network (issue 27)', () => {
  it('is offline when the call got no HTTP answer and the browser has no connection', () => {
    expect(isOfflineFailure(new ApiError('network', 'notice.network', null), offline)).toBe(true);
  });

  it('is not offline when the device is online but the server could not be reached', () => {
    expect(isOfflineFailure(new ApiError('network', 'notice.network', null), online)).toBe(false);
  });

  it('is not offline for an answer the server gave, a timeout or a cancelled call, even with no connection', () => {
    for (const error of [
      new ApiError('http', 'notice.requestFailed', 503),
      new ApiError('refusal', 'process.busy', 503),
      new ApiError('timeout', 'notice.timeout', null),
      new ApiError('canceled', 'notice.requestFailed', null),
      new TypeError('Failed to fetch'),
      undefined,
    ])
      expect(isOfflineFailure(error, offline)).toBe(false);
  });

  it('retries once when the connection comes back, and not after it stopped waiting', () => {
    const target = new EventTarget();
    const retry = vi.fn();
    whenBackOnline(retry, target);
    target.dispatchEvent(new Event('online'));
    target.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledOnce();

    const stopped = vi.fn();
    const stop = whenBackOnline(stopped, target);
    stop();
    target.dispatchEvent(new Event('online'));
    expect(stopped).not.toHaveBeenCalled();
  });
});
