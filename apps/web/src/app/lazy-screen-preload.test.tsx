import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen.tsx';
import { addressPath } from './boot.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

describe('first screen loads during the config call (issue 7 web budget)', () => {
  it('preload starts the chunk once, and the render uses that same load', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const load = vi.fn(() => Promise.resolve(() => <p>screen</p>));
    const Screen = lazyScreen(load);
    Screen.preload();
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);

    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Screen />));
    expect(container.textContent).toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => root.unmount());
  });

  it('a preload that failed loads again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<() => null>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValue(() => null);
    const Screen = lazyScreen(load);
    Screen.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads the route path from the hash address', () => {
    expect(addressPath('#/market/marketDetail?symbol=7203')).toBe('/market/marketDetail');
    expect(addressPath('#/home/index')).toBe('/home/index');
    expect(addressPath('')).toBe('/');
    expect(addressPath('#')).toBe('/');
  });
});
