import i18next from 'i18next';
import type { i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@kabuto/contracts/fields';
import { isLang, readStoredLang, setStoredLang } from '../shared/session/session.store.ts';
import { htmlLangOf, langFromAddress, resolveStartLang } from './language.ts';
import type { LangSource } from './language.ts';

// DESIGN "Front end" → Delivery: each catalogue is its own chunk; a member downloads only the language in use.
const catalogueLoaders: Record<Lang, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('./locales/en.json'),
  tw: () => import('./locales/tw.json'),
  jp: () => import('./locales/jp.json'),
};

async function catalogueOf(lang: Lang): Promise<ResourceKey> {
  return (await catalogueLoaders[lang]()).default;
}

/**
 * Sections only some screens read (the back office, the money screens, the IPO screens, the block trades, the legal
 * texts, the market and news, the order ticket and positions), kept out of the first screens' download.
 * A route loads its parts before its screen draws (`app/routes.tsx`); they merge into the one `translation`
 * namespace, so keys keep their dotted paths.
 */
export type CataloguePart =
  | 'admin'
  | 'block'
  | 'copy'
  | 'daytrade'
  | 'funds'
  | 'ipo'
  | 'legal'
  | 'loan'
  | 'market'
  | 'notices'
  | 'security'
  | 'settings'
  | 'statements'
  | 'support'
  | 'trade';

const partLoaders = import.meta.glob<{ default: ResourceKey }>('./locales/parts/*/*.json');
const loadedParts = new Set<CataloguePart>();

async function addPart(part: CataloguePart, lang: Lang): Promise<void> {
  const load = partLoaders[`./locales/parts/${part}/${lang}.json`];
  if (!load) throw new Error(`no catalogue part ${part} for ${lang}`);
  i18n.addResourceBundle(lang, 'translation', (await load()).default, true, true);
}

/** Downloads catalogue parts for the current language once; a later language switch brings them along. */
export async function loadCatalogueParts(parts: readonly CataloguePart[]): Promise<void> {
  const lang = isLang(i18n.language) ? i18n.language : 'jp';
  await Promise.all(
    parts
      .filter((part) => !loadedParts.has(part))
      .map(async (part) => {
        await addPart(part, lang);
        loadedParts.add(part);
      }),
  );
}

export const i18n: I18n = i18next.createInstance();

export interface LanguageReady {
  lang: Lang;
  source: LangSource;
}

/** Initialises i18next once with the language SPEC §5 picks, after loading that language's catalogue only. */
export async function initI18n(location: { search: string; hash: string }): Promise<LanguageReady> {
  const { lang, source } = resolveStartLang(langFromAddress(location.search, location.hash), readStoredLang());
  setStoredLang(lang);
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [lang]: { translation: await catalogueOf(lang) } },
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
    await loadCatalogue(lang);
    await i18n.changeLanguage(lang);
  }
  applyDocumentLang(lang);
  return { lang, source };
}

/** Downloads a language's catalogue the first time it is needed. */
export async function loadCatalogue(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await catalogueOf(lang), true, true);
  await Promise.all([...loadedParts].map((part) => addPart(part, lang)));
}

/** Switches only once the new catalogue is here, so the screen never shows raw keys in between. */
export async function changeLang(lang: Lang): Promise<void> {
  await loadCatalogue(lang);
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
