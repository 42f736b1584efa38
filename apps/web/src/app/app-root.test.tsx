import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoot } from './app-root.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

describe('root view (SPEC §3)', () => {
  afterEach(() => localStorage.clear());

  it('removes the legacy tklm, zjkm and hklm records when it is destroyed, keeping the session', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    for (const key of ['tklm', 'zjkm', 'hklm']) localStorage.setItem(key, 'legacy');
    localStorage.setItem('tokend', 'tok');
    localStorage.setItem('lang', 'en');

    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<AppRoot>{<p>app</p>}</AppRoot>));
    expect(container.textContent).toBe('app');
    expect(localStorage.getItem('tklm')).toBe('legacy');

    await act(async () => root.unmount());
    expect(localStorage.getItem('tklm')).toBeNull();
    expect(localStorage.getItem('zjkm')).toBeNull();
    expect(localStorage.getItem('hklm')).toBeNull();
    expect(localStorage.getItem('tokend')).toBe('tok');
    expect(localStorage.getItem('lang')).toBe('en');
  });
});
