import { beforeEach, describe, expect, it } from 'vitest';
import { changeLang, i18n, initI18n, translateKey } from './i18n.ts';

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
});
