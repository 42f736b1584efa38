import { ArrowLeftRight, ChartColumn, Copy, LayoutGrid, Newspaper, Receipt, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { navTabs } from './bottom-nav-tabs.ts';
import type { NavTab } from './bottom-nav-tabs.ts';
import { push } from '../shared/navigation/navigation.ts';

const icons: Record<NavTab['key'], typeof LayoutGrid> = {
  home: LayoutGrid,
  trade: ArrowLeftRight,
  market: ChartColumn,
  follow: Copy,
  member: User,
  news: Newspaper,
  fundRecords: Receipt,
};

/** UX "Shell": the bottom menu on top-level screens, the active tab highlighted (a light nav: no kit TabBar on the first screen). */
export function BottomNav({ active }: { active: NavTab }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('common.mainMenu')} data-testid="bottom-nav">
      {navTabs.map((tab) => {
        const Icon = icons[tab.key];
        const current = tab.key === active.key;
        return (
          <a
            key={tab.key}
            href={`#${tab.path}`}
            className={current ? 'bottom-nav__item bottom-nav__item--active' : 'bottom-nav__item'}
            aria-current={current ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              if (!current) push(tab.path);
            }}
            data-testid={`bottom-nav-${tab.key}`}
          >
            <Icon className="bottom-nav__icon" aria-hidden="true" />
            <span className="bottom-nav__label">{t(tab.labelKey)}</span>
          </a>
        );
      })}
    </nav>
  );
}
