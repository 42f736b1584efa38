import type { Lang } from '@kabuto/contracts/fields';
import { defaultLang, isLang } from '../shared/session/session.store.ts';

export type LangSource = 'address' | 'stored' | 'default';

/** Reads `lang=` from the query part of the address or from a query inside the hash (`#/x?lang=en`). */
export function langFromAddress(search: string, hash: string): string | null {
  const fromSearch = new URLSearchParams(search).get('lang');
  if (fromSearch !== null) return fromSearch;
  const q = hash.indexOf('?');
  if (q === -1) return null;
  return new URLSearchParams(hash.slice(q + 1)).get('lang');
}

/**
 * SPEC §5: a valid lang= in the address wins at start-up; otherwise the stored value;
 * a stored value other than en, tw or jp is reset to jp.
 */
export function resolveStartLang(address: string | null, stored: string): { lang: Lang; source: LangSource } {
  if (isLang(address)) return { lang: address, source: 'address' };
  if (isLang(stored)) return { lang: stored, source: 'stored' };
  return { lang: defaultLang, source: 'default' };
}

/** BCP 47 tag for the <html lang> attribute and for Intl. */
export function htmlLangOf(lang: Lang): string {
  switch (lang) {
    case 'en':
      return 'en';
    case 'tw':
      return 'zh-Hant-TW';
    case 'jp':
      return 'ja';
  }
}
