/** SPEC §2 bottom menu, the destinations built so far (follow-trading comes with its screens). */
export interface NavTab {
  key: 'home' | 'market' | 'trade' | 'member';
  path: string;
  /** A title key of the core catalogue: the shell is drawn before any screen's catalogue part. */
  labelKey: string;
}

export const navTabs: readonly NavTab[] = [
  { key: 'home', path: '/home/index', labelKey: 'titles.home' },
  { key: 'market', path: '/market/market', labelKey: 'titles.market' },
  { key: 'trade', path: '/position/position', labelKey: 'titles.trade' },
  { key: 'member', path: '/user/usercenter', labelKey: 'titles.memberCentre' },
];

/** The tab a top-level screen belongs to; inner screens (with a back arrow) get no bottom menu. */
export function navTabFor(pathname: string): NavTab | null {
  return navTabs.find((tab) => tab.path === pathname) ?? null;
}
