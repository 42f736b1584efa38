import { beforeEach, describe, expect, it } from 'vitest';
import { langFromAddress, resolveStartLang } from './language.ts';
import { i18n, initI18n, translateKey } from './i18n.ts';
import { storageKeys } from '../shared/session/session.store.ts';

describe('start-up language (SPEC §5)', () => {
  beforeEach(() => localStorage.clear());

  it('reads lang= from the query part or from a query inside the hash', () => {
    expect(langFromAddress('?lang=en', '')).toBe('en');
    expect(langFromAddress('', '#/login/start?lang=tw')).toBe('tw');
    expect(langFromAddress('', '#/login/start')).toBeNull();
  });

  it('lets a valid address value win, resets an unknown stored value to jp, defaults to jp', () => {
    expect(resolveStartLang('en', 'tw')).toEqual({ lang: 'en', source: 'address' });
    expect(resolveStartLang('fr', 'tw')).toEqual({ lang: 'tw', source: 'stored' });
    expect(resolveStartLang(null, 'zh-CN')).toEqual({ lang: 'jp', source: 'default' });
    expect(resolveStartLang(null, '')).toEqual({ lang: 'jp', source: 'default' });
  });

  it('stores the resolved language under `lang` and translates with it', async () => {
    localStorage.setItem(storageKeys.lang, 'xx');
    expect((await initI18n({ search: '', hash: '#/login/start' })).lang).toBe('jp');
    expect(localStorage.getItem('lang')).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');

    expect((await initI18n({ search: '', hash: '#/user/setting?lang=en' })).lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(i18n.language).toBe('en');
    expect(translateKey('errors.account.alreadyExists')).toMatch(/already registered/);
  });

  it('shows an unknown dotted key as the key itself', async () => {
    await initI18n({ search: '?lang=tw', hash: '' });
    expect(translateKey('errors.brandNew.thing')).toBe('errors.brandNew.thing');
    expect(translateKey('errors.account')).toBe('errors.account');
    expect(translateKey('errors.password.mismatch')).toBe('兩次輸入的內容不一致。');
  });
});
