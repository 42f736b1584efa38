import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@kabuto/contracts/fields';
import en from './locales/en.json';
import tw from './locales/tw.json';
import jp from './locales/jp.json';
import { readStoredLang, setStoredLang } from '../shared/session/session.store.ts';
import { htmlLangOf, langFromAddress, resolveStartLang } from './language.ts';
import type { LangSource } from './language.ts';

export const catalogues = { en, tw, jp } as const;

export const i18n: I18n = i18next.createInstance();

export interface LanguageReady {
  lang: Lang;
  source: LangSource;
}

/** Initialises i18next once with the language SPEC §5 picks; synchronous because the catalogues are bundled. */
export function initI18n(location: { search: string; hash: string }): LanguageReady {
  const { lang, source } = resolveStartLang(langFromAddress(location.search, location.hash), readStoredLang());
  setStoredLang(lang);
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: {
        en: { translation: catalogues.en },
        tw: { translation: catalogues.tw },
        jp: { translation: catalogues.jp },
      },
      lng: lang,
      // Catalogues have identical keys (tested); an unknown key is shown as itself (SPEC §8).
      fallbackLng: false,
      keySeparator: '.',
      nsSeparator: false,
      returnNull: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else {
    void i18n.changeLanguage(lang);
  }
  applyDocumentLang(lang);
  return { lang, source };
}

export async function changeLang(lang: Lang): Promise<void> {
  setStoredLang(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLang(lang);
}

function applyDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lang);
}

/** SPEC §8: server messages are dotted keys; a key the catalogue lacks is shown as the key itself. */
export function translateKey(key: string): string {
  if (key === '') return key;
  const raw: unknown = i18n.getResource(i18n.language, 'translation', key);
  return typeof raw === 'string' ? i18n.t(key) : key;
}
