import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { back } from '../navigation/navigation.ts';
import { useRoutePane } from '../navigation/route-meta.ts';

interface PageProps {
  children: ReactNode;
  /** Defaults to the route's title key. */
  title?: ReactNode;
  /** The primary action, kept at the bottom within thumb reach (UX "Visual language"). */
  footer?: ReactNode;
  right?: ReactNode;
  showBack?: boolean;
  testId?: string;
}

/** The frame of an inner screen: top bar with title and back arrow, body, bottom action area. */
export function Page({ children, title, footer, right, showBack = true, testId }: PageProps) {
  const { t } = useTranslation();
  const { meta } = useRoutePane();
  const heading = title ?? (meta ? t(meta.titleKey) : '');
  return (
    <div className="page" data-testid={testId}>
      <header className="page__bar">
        {showBack ? (
          // The kit's back control is a role="button" with only an icon (its text is aria-hidden): the name rides with the icon.
          <NavBar
            back=""
            backIcon={
              <>
                <ChevronLeft />
                <span className="visually-hidden">{t('common.back')}</span>
              </>
            }
            onBack={() => back(meta?.backTo)}
            right={right}
          >
            {heading}
          </NavBar>
        ) : (
          // Without a back arrow the kit would still draw an empty role="button": the same bar, drawn plainly.
          <div className="adm-nav-bar">
            <div className="adm-nav-bar-left" />
            <div className="adm-nav-bar-title">{heading}</div>
            <div className="adm-nav-bar-right">{right}</div>
          </div>
        )}
      </header>
      <main className="page__body">{children}</main>
      {footer && <footer className="page__footer">{footer}</footer>}
    </div>
  );
}
