import { ApiError } from '../../shared/api/http-client.ts';

/**
 * Issue 27: the app started without a network. True when a call got no HTTP answer at all (the client's `network`
 * failure) while the browser reports no connection; a server that is down or slow, on a device that is online, keeps
 * the ordinary "could not start" screen, whose text does not blame the member's connection.
 */
export function isOfflineFailure(error: unknown, connection: Pick<Navigator, 'onLine'>): boolean {
  return error instanceof ApiError && error.kind === 'network' && !connection.onLine;
}

/** Calls `retry` once, when the browser says the connection is back; returns the function that stops waiting. */
export function whenBackOnline(retry: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  const onOnline = () => retry();
  target.addEventListener('online', onOnline, { once: true });
  return () => target.removeEventListener('online', onOnline);
}
