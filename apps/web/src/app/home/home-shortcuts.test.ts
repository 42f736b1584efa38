import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../routes.tsx';
import { changeLang, i18n, initI18n } from '../../i18n/i18n.ts';
import { shortcutLabelKeys } from './home.screen.tsx';

// A shortcut whose label lives in a part home does not load shows its key, and the long key widens the grid
// past the screen (issue 27's support shortcuts did, and the bottom menu could no longer be tapped).
describe('home shortcuts', () => {
  it('read every label from what the home route loads, in each language', async () => {
    await initI18n({ search: '?lang=jp', hash: '' });
    appRoutes.find((r) => r.path === '/home/index')?.Screen.preload();
    const missing = (lang: string) =>
      shortcutLabelKeys.filter((key) => typeof i18n.getResource(lang, 'translation', key) !== 'string');
    await vi.waitFor(
      () => expect(i18n.getResource('jp', 'translation', 'home.shortcut.deposit')).toBeTypeOf('string'),
      {
        timeout: 10_000,
      },
    );
    for (const lang of ['jp', 'en', 'tw'] as const) {
      await changeLang(lang);
      expect({ lang, missing: missing(lang) }).toEqual({ lang, missing: [] });
    }
  });
});
