import { useTranslation } from 'react-i18next';
import type { Lang } from '@kabuto/contracts/fields';
import { formatDate } from '@kabuto/domain/format/date';
import { isLang } from '../session/session.store.ts';

/** The current app language, for the weekday names of the date filter. */
export function useLocale(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'jp';
}

/** UX: times in JST. */
export function jstText(iso: string | null | undefined, pattern = 'Y-M-D h:m', locale: Lang = 'jp'): string {
  return iso ? formatDate(iso, pattern, undefined, locale) : '';
}
