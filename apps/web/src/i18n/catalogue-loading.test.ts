import { beforeEach, describe, expect, it } from 'vitest';
import { changeLang, i18n, initI18n, loadCatalogueParts, translateKey } from './i18n.ts';

describe('catalogue loading (DESIGN "Front end" → Delivery)', () => {
  beforeEach(() => localStorage.clear());

  it('loads only the start language, and another one when the member switches to it', async () => {
    await initI18n({ search: '?lang=jp', hash: '' });
    expect(i18n.hasResourceBundle('jp', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('tw', 'translation')).toBe(false);

    await changeLang('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('tw', 'translation')).toBe(false);
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(translateKey('errors.account.alreadyExists')).toMatch(/already registered/);
  });

  it('loads a part (the back office texts) on demand, and again for a language switched to later', async () => {
    await initI18n({ search: '?lang=jp', hash: '' });
    await changeLang('jp');
    expect(i18n.exists('admin.nav.deposits')).toBe(false);
    await loadCatalogueParts(['admin']);
    expect(i18n.exists('admin.nav.deposits')).toBe(true);
    expect(i18n.exists('errors.account.alreadyExists')).toBe(true);

    await changeLang('tw');
    expect(i18n.getResource('tw', 'translation', 'admin.nav.deposits')).toEqual(expect.any(String));
    expect(i18n.getResource('tw', 'translation', 'terms.updated')).toBeUndefined();
  });
});
