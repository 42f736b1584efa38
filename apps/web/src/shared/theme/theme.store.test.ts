import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads storage and the system setting when it loads: each test loads a fresh copy.
async function freshStore(systemDark: boolean) {
  const listeners: ((event: MediaQueryListEvent) => void)[] = [];
  const query = {
    matches: systemDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  vi.resetModules();
  const store = await import('./theme.store.ts');
  const session = await import('../session/session.store.ts');
  const systemChanges = (dark: boolean) => {
    query.matches = dark;
    for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
  };
  return { store, session, systemChanges };
}

const root = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root().removeAttribute('data-prefers-color-scheme');
  root().removeAttribute('data-up-colour');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme store', () => {
  it('follows the system setting live while the member has not chosen', async () => {
    const { store, systemChanges } = await freshStore(false);
    store.startTheme();
    expect(root().hasAttribute('data-prefers-color-scheme')).toBe(false);
    systemChanges(true);
    expect(root().getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(store.getTheme()).toMatchObject({ choice: 'system', scheme: 'dark' });
  });

  it('keeps the member’s override against the system and stores it', async () => {
    const { store, systemChanges } = await freshStore(true);
    store.startTheme();
    store.setThemeChoice('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root().hasAttribute('data-prefers-color-scheme')).toBe(false);
    systemChanges(true);
    expect(root().hasAttribute('data-prefers-color-scheme')).toBe(false);
    store.setThemeChoice('system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(root().getAttribute('data-prefers-color-scheme')).toBe('dark');
  });

  it('defaults price colours to the language and keeps a stored choice across languages', async () => {
    localStorage.setItem('lang', 'jp');
    const { store, session } = await freshStore(false);
    store.startTheme();
    expect(root().hasAttribute('data-up-colour')).toBe(false);
    session.setStoredLang('en');
    expect(root().getAttribute('data-up-colour')).toBe('green');
    store.setUpColour('red');
    expect(localStorage.getItem('upColour')).toBe('red');
    expect(root().hasAttribute('data-up-colour')).toBe(false);
    session.setStoredLang('tw');
    session.setStoredLang('en');
    expect(store.getTheme()).toMatchObject({ upChoice: 'red', up: 'red' });
  });
});
