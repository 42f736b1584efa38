import { describe, expect, it, vi } from 'vitest';
import { REGISTER_IDLE_TIMEOUT_MS, SERVICE_WORKER_URL, registerServiceWorker } from './register-sw.ts';
import type { ServiceWorkerHost } from './register-sw.ts';

function host(readyState: DocumentReadyState, withIdle = true) {
  const loadListeners: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
  const page = {
    document: { readyState },
    addEventListener: (_type: 'load', listener: () => void) => void loadListeners.push(listener),
    requestIdleCallback: withIdle
      ? vi.fn((callback: () => void) => {
          idle.push(callback);
          return 1;
        })
      : undefined,
    setTimeout: vi.fn((callback: () => void) => idle.push(callback)),
    navigator: { serviceWorker: { register } },
  } satisfies ServiceWorkerHost;
  const load = () => loadListeners.forEach((listener) => listener());
  const runIdle = () => idle.splice(0).forEach((callback) => callback());
  return { page, register, load, runIdle };
}

describe('service worker registration off the critical path (issue 27)', () => {
  it('waits for load, then for an idle moment, then registers the built worker for the whole app', () => {
    const { page, register, load, runIdle } = host('interactive');
    registerServiceWorker(page);
    runIdle();
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).not.toHaveBeenCalled();
    expect(page.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: REGISTER_IDLE_TIMEOUT_MS });
    runIdle();
    expect(register).toHaveBeenCalledExactlyOnceWith(SERVICE_WORKER_URL, { scope: './' });
  });

  it('registers at the next idle moment when the page has already loaded', () => {
    const { page, register, runIdle } = host('complete');
    registerServiceWorker(page);
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledOnce();
  });

  it('falls back to a task when the browser has no idle callback', () => {
    const { page, register, runIdle } = host('complete', false);
    registerServiceWorker(page);
    expect(page.setTimeout).toHaveBeenCalledOnce();
    runIdle();
    expect(register).toHaveBeenCalledOnce();
  });

  it('does nothing in a browser without service workers, and survives a refused registration', async () => {
    const { page, load, runIdle } = host('interactive');
    registerServiceWorker({ ...page, navigator: {} });
    load();
    runIdle();
    expect(page.requestIdleCallback).not.toHaveBeenCalled();

    const refused = host('complete');
    refused.register.mockReturnValueOnce(Promise.reject(new DOMException('denied', 'SecurityError')));
    registerServiceWorker(refused.page);
    refused.runIdle();
    await expect(refused.register.mock.results[0]?.value).rejects.toThrow('denied');
  });
});
