/** What registering needs of the browser; tests hand in their own. */
export interface ServiceWorkerHost {
  document: Pick<Document, 'readyState'>;
  addEventListener: (type: 'load', listener: () => void, options: { once: true }) => void;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  navigator: { serviceWorker?: Pick<ServiceWorkerContainer, 'register'> };
}

/** Issue 27: the worker is written by the build (vite-plugin-pwa, `build/pwa.plugin.ts`) beside index.html. */
export const SERVICE_WORKER_URL = './sw.js';

/** Longest wait for an idle moment after `load` before registering anyway (a page that never idles). */
export const REGISTER_IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the service worker off the critical path: after the page's `load` and then an idle moment, so its
 * precache downloads never share the first screen's bandwidth or main-thread time. A browser without service
 * workers (or one that refuses, e.g. a private window) simply runs online only.
 */
export function registerServiceWorker(host: ServiceWorkerHost): void {
  const container = host.navigator.serviceWorker;
  if (!container) return;
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: './' }).catch(() => undefined);
  };
  const whenIdle = () => {
    if (host.requestIdleCallback) host.requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS });
    else host.setTimeout(register, 0);
  };
  if (host.document.readyState === 'complete') whenIdle();
  else host.addEventListener('load', whenIdle, { once: true });
}
