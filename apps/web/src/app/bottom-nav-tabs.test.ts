import { describe, expect, it } from 'vitest';
import { navTabFor, navTabs } from './bottom-nav-tabs.ts';

describe('bottom menu (UX "Shell")', () => {
  it('shows on the four top-level screens with the right tab active', () => {
    expect(navTabFor('/home/index')?.key).toBe('home');
    expect(navTabFor('/market/market')?.key).toBe('market');
    expect(navTabFor('/position/position')?.key).toBe('trade');
    expect(navTabFor('/user/usercenter')?.key).toBe('member');
  });

  it('is absent on inner screens, sign-in and the back office', () => {
    for (const path of [
      '/home/search',
      '/market/stockHot/stockList',
      '/market/marketDetail',
      '/market/marketBuy',
      '/position/positionDetail',
      '/user/recharge',
      '/login/login',
      '/login/start',
      '/admin',
      '/',
      '/home/index/x',
    ]) {
      expect(navTabFor(path)).toBeNull();
    }
  });

  it('lists only destinations that exist, each once', () => {
    expect(navTabs.map((t) => t.path)).toEqual([
      '/home/index',
      '/market/market',
      '/position/position',
      '/user/usercenter',
    ]);
  });
});
