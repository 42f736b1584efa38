import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, reloadSession, setStoredLang, signIn } from './session.store.ts';

describe('session store (SPEC §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSession();
  });

  it('persists token, account and is_admin under tokend, account and is_admin', () => {
    signIn({ token: 'tok-1', account: '0901234567', isAdmin: true });
    expect(localStorage.getItem('tokend')).toBe('tok-1');
    expect(localStorage.getItem('account')).toBe('0901234567');
    expect(localStorage.getItem('is_admin')).toBe('1');
    expect(getSession()).toMatchObject({ token: 'tok-1', account: '0901234567', isAdmin: true });
  });

  it('clears the session but keeps the language', () => {
    setStoredLang('tw');
    signIn({ token: 'tok-1', account: '0901234567', isAdmin: false });
    expect(localStorage.getItem('is_admin')).toBe('0');
    clearSession();
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('is_admin')).toBeNull();
    expect(getSession()).toEqual({ token: '', account: '', isAdmin: false, lang: 'tw' });
  });

  it('reads a stored language outside en, tw, jp as jp', () => {
    localStorage.setItem('lang', 'fr');
    reloadSession();
    expect(getSession().lang).toBe('jp');
  });
});
