import { createContext, useContext } from 'react';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { configCall } from '@kabuto/contracts/common/config';
import { IMAGE_BASE_URL } from '../spec.constants.ts';
import defaultLogoUrl from '../../assets/kabuto-logo.svg';

export interface AppConfig {
  title: string;
  logoUrl: string;
  contact: string;
  values: Readonly<Record<string, string>>;
}

export const DEFAULT_TITLE = 'Kabuto';

/** SPEC §7: the name/value list becomes a config object; an empty logo falls back to the bundled one. */
export function toAppConfig(pairs: ResponseOf<typeof configCall>): AppConfig {
  const values: Record<string, string> = {};
  for (const { name, value } of pairs) values[name] = value;
  const logo = values.logo?.trim() ?? '';
  return {
    title: values.title?.trim() || DEFAULT_TITLE,
    logoUrl: logo === '' ? defaultLogoUrl : imageUrl(logo),
    contact: values.contact?.trim() ?? '',
    values,
  };
}

/** A server image name under the public image base; paths and data URLs are kept as they are. */
export function imageUrl(name: string): string {
  if (/^(\/|data:|blob:|https?:)/.test(name)) return name;
  return `${IMAGE_BASE_URL}${name.replace(/^\.?\/+/, '')}`;
}

export const AppConfigContext = createContext<AppConfig>({
  title: DEFAULT_TITLE,
  logoUrl: defaultLogoUrl,
  contact: '',
  values: {},
});

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
