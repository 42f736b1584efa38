import type { Lang } from '@kabuto/contracts/fields';

/** Issue 27: the colour scheme follows the phone unless the member picks one in settings. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type ColourScheme = 'light' | 'dark';
/** Which way a rise is coloured: red-up is the Japanese (and Taiwanese) convention, green-up the Western one. */
export type UpColour = 'red' | 'green';

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const upColours: readonly UpColour[] = ['red', 'green'];

/** localStorage keys; index.html's inline script reads `theme` before the first paint, so keep the two in step. */
export const themeStorageKeys = { theme: 'theme', upColour: 'upColour' } as const;

/** The attributes on <html>: the kit reads `data-prefers-color-scheme`, global.css both. */
export const schemeAttribute = 'data-prefers-color-scheme';
export const upColourAttribute = 'data-up-colour';

/** A stored choice; anything else (absent, an old or hand-edited value) follows the system. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return themeChoices.find((choice) => choice === stored) ?? 'system';
}

/** A stored price-colour choice, or null when the member never chose (the language's convention applies). */
export function parseUpColour(stored: string | null | undefined): UpColour | null {
  return upColours.find((colour) => colour === stored) ?? null;
}

/** Red-up in Japanese and Traditional Chinese, green-up in English, until the member chooses. */
export function defaultUpColour(lang: Lang): UpColour {
  return lang === 'en' ? 'green' : 'red';
}

export function resolveScheme(choice: ThemeChoice, systemDark: boolean): ColourScheme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

export function resolveUpColour(stored: UpColour | null, lang: Lang): UpColour {
  return stored ?? defaultUpColour(lang);
}

/** Writes the scheme and the price colours onto the document root; light and red are the attribute-free defaults. */
export function applyToRoot(root: HTMLElement, scheme: ColourScheme, up: UpColour): void {
  if (scheme === 'dark') root.setAttribute(schemeAttribute, 'dark');
  else root.removeAttribute(schemeAttribute);
  if (up === 'green') root.setAttribute(upColourAttribute, 'green');
  else root.removeAttribute(upColourAttribute);
}
