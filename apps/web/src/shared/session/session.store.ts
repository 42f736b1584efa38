import { useSyncExternalStore } from 'react';
import type { Lang } from '@kabuto/contracts/fields';

// SPEC §3: session values live in local storage under exactly these keys.
export const storageKeys = { token: 'tokend', account: 'account', isAdmin: 'is_admin', lang: 'lang' } as const;
// SPEC §3: legacy records removed when the root view is destroyed.
export const legacyStorageKeys = ['tklm', 'zjkm', 'hklm'] as const;

export const supportedLangs: readonly Lang[] = ['en', 'tw', 'jp'];
export const defaultLang: Lang = 'jp';

export interface Session {
  token: string;
  account: string;
  /** SPEC §6: the locally persisted is_admin flag; it grants nothing on the server. */
  isAdmin: boolean;
  lang: Lang;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (supportedLangs as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readItem(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still works for this page view.
  }
}

function readSession(): Session {
  const lang = readItem(storageKeys.lang);
  return {
    token: readItem(storageKeys.token),
    account: readItem(storageKeys.account),
    isAdmin: readItem(storageKeys.isAdmin) === '1',
    lang: isLang(lang) ? lang : defaultLang,
  };
}

let snapshot: Session = readSession();
const listeners = new Set<() => void>();

function emit(): void {
  snapshot = readSession();
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(storageKeys) as string[]).includes(event.key)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function isSignedIn(session: Session = snapshot): boolean {
  return session.token !== '';
}

export function signIn(values: { token: string; account: string; isAdmin: boolean }): void {
  writeItem(storageKeys.token, values.token);
  writeItem(storageKeys.account, values.account);
  writeItem(storageKeys.isAdmin, values.isAdmin ? '1' : '0');
  emit();
}

/** Ends the local session (token, account, is_admin); the language stays. */
export function clearSession(): void {
  writeItem(storageKeys.token, null);
  writeItem(storageKeys.account, null);
  writeItem(storageKeys.isAdmin, null);
  emit();
}

export function setStoredLang(lang: Lang): void {
  writeItem(storageKeys.lang, lang);
  emit();
}

/** The raw stored language, which may be anything a previous version wrote. */
export function readStoredLang(): string {
  return readItem(storageKeys.lang);
}

export function removeLegacyRecords(): void {
  for (const key of legacyStorageKeys) writeItem(key, null);
}

/** Re-reads storage; tests and the start-up sequence use it after writing storage directly. */
export function reloadSession(): void {
  emit();
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
