import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../session/session.store.ts';
import {
  applyToRoot,
  parseThemeChoice,
  parseUpColour,
  resolveScheme,
  resolveUpColour,
  themeStorageKeys,
} from './theme.ts';
import type { ColourScheme, ThemeChoice, UpColour } from './theme.ts';

export interface ThemeState {
  choice: ThemeChoice;
  scheme: ColourScheme;
  /** The member's own choice, or null when the language's convention applies. */
  upChoice: UpColour | null;
  up: UpColour;
}

const darkQuery = '(prefers-color-scheme: dark)';
// The browser's bar takes the top bar's colour (--kabuto-surface of each scheme in global.css).
const barColour: Record<ColourScheme, string> = { light: '#ffffff', dark: '#1b1f27' };

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked or full: the choice still applies to this page view.
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

function readTheme(): ThemeState {
  const choice = parseThemeChoice(read(themeStorageKeys.theme));
  const upChoice = parseUpColour(read(themeStorageKeys.upColour));
  return {
    choice,
    scheme: resolveScheme(choice, systemDark()),
    upChoice,
    up: resolveUpColour(upChoice, getSession().lang),
  };
}

let snapshot: ThemeState = readTheme();
const listeners = new Set<() => void>();

/**
 * Reads the theme again and, when it changed (or `force`: the first time), applies it to the document and tells the
 * screens. A session change that is not a language switch (every sign-in step and token refresh at boot) touches no
 * attribute of <html>, so it never makes the browser restyle the page.
 */
function refresh(force = false): void {
  const next = readTheme();
  const changed =
    next.choice !== snapshot.choice ||
    next.scheme !== snapshot.scheme ||
    next.upChoice !== snapshot.upChoice ||
    next.up !== snapshot.up;
  if (!changed && !force) return;
  if (changed) snapshot = next;
  applyToRoot(document.documentElement, snapshot.scheme, snapshot.up);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', barColour[snapshot.scheme]);
  for (const listener of listeners) listener();
}

let started = false;

/**
 * Applies the theme and keeps it current: the phone's setting changing, a language switch (the default price
 * colours follow it), another tab's choice. Called once at start, before the first screen draws.
 */
export function startTheme(): void {
  if (started) return;
  started = true;
  refresh(true);
  const follow = () => refresh();
  if (typeof window.matchMedia === 'function') window.matchMedia(darkQuery).addEventListener('change', follow);
  subscribeSession(follow);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === themeStorageKeys.theme || event.key === themeStorageKeys.upColour) follow();
  });
}

export function setThemeChoice(choice: ThemeChoice): void {
  write(themeStorageKeys.theme, choice === 'system' ? null : choice);
  refresh();
}

export function setUpColour(up: UpColour): void {
  write(themeStorageKeys.upColour, up);
  refresh();
}

export function getTheme(): ThemeState {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
