/** SPEC §2 bottom menu, in its order: home, trade, market, follow-trading, personal centre, news, fund records. */
export interface NavTab {
  key: 'home' | 'trade' | 'market' | 'follow' | 'member' | 'news' | 'fundRecords';
  path: string;
  /** A key of the core catalogue (`nav.*`, short labels): the shell is drawn before any screen's catalogue part. */
  labelKey: string;
}

export const navTabs: readonly NavTab[] = [
  { key: 'home', path: '/home/index', labelKey: 'nav.home' },
  { key: 'trade', path: '/position/position', labelKey: 'nav.trade' },
  { key: 'market', path: '/market/market', labelKey: 'nav.market' },
  // Issue 26: copy trading's strategy list (SPEC §2 names the menu item, not its route).
  { key: 'follow', path: '/follow/list', labelKey: 'nav.follow' },
  { key: 'member', path: '/user/usercenter', labelKey: 'nav.member' },
  { key: 'news', path: '/home/moreNews', labelKey: 'nav.news' },
  { key: 'fundRecords', path: '/user/FundingDetails', labelKey: 'nav.fundRecords' },
];

/** The tab a top-level screen belongs to; inner screens (with a back arrow) get no bottom menu. */
export function navTabFor(pathname: string): NavTab | null {
  return navTabs.find((tab) => tab.path === pathname) ?? null;
}
