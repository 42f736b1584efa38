import { createContext, useContext } from 'react';
import type { Lang } from '@kabuto/contracts/fields';
import type { LangSource } from '../../i18n/language.ts';

/** What start-up did before the app was mounted, shown as the start screen's loading steps. */
export interface BootReport {
  configMs: number;
  lang: Lang;
  langSource: LangSource;
}

export const BootReportContext = createContext<BootReport>({ configMs: 0, lang: 'jp', langSource: 'default' });

export function useBootReport(): BootReport {
  return useContext(BootReportContext);
}
