import { describe, expect, it } from 'vitest';
import { navTabFor, navTabs } from './bottom-nav-tabs.ts';

describe('bottom menu (UX "Shell")', () => {
  it('shows on the seven top-level screens with the right tab active', () => {
    expect(navTabFor('/home/index')?.key).toBe('home');
    expect(navTabFor('/market/market')?.key).toBe('market');
    expect(navTabFor('/position/position')?.key).toBe('trade');
    expect(navTabFor('/follow/list')?.key).toBe('follow');
    expect(navTabFor('/user/usercenter')?.key).toBe('member');
    expect(navTabFor('/home/moreNews')?.key).toBe('news');
    expect(navTabFor('/user/FundingDetails')?.key).toBe('fundRecords');
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

  it('carries the seven items of SPEC §2 in its order, each destination once', () => {
    expect(navTabs.map((t) => t.key)).toEqual(['home', 'trade', 'market', 'follow', 'member', 'news', 'fundRecords']);
    expect(new Set(navTabs.map((t) => t.path)).size).toBe(7);
  });
});
