import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { routeMeta } from './routes.tsx';
import { useSession } from '../shared/session/session.store.ts';
import { installNativeBackButton } from '../shared/shell/native-shell.ts';
import { back, canGoBack, currentPath } from '../shared/navigation/navigation.ts';
import { showNoticeKey } from '../shared/api/notice.ts';
import { useMemberEvents } from './use-member-events.ts';
import { StreamProvider } from '../shared/stream/stream-context.tsx';
import { navTabFor } from './bottom-nav-tabs.ts';

// The bottom menu (seven items and their icons) loads with the first top-level screen, not with sign-in: the sign-in
// route's budget has no room for it. It is fixed to the bottom, so arriving a moment later moves nothing.
const BottomNav = lazy(() => import('./bottom-nav.tsx').then((m) => ({ default: m.BottomNav })));

/** The frame every route renders in: one stream connection, width cap, kept-alive screens, native back button, bottom menu on top-level screens. */
export function AppShell() {
  return (
    <StreamProvider>
      <AppFrame />
    </StreamProvider>
  );
}

function AppFrame() {
  const { pathname } = useLocation();
  const { token } = useSession();
  const wide = pathname === '/admin' || pathname.startsWith('/admin/');
  const navTab = navTabFor(pathname);
  useMemberEvents();

  useEffect(() => {
    // SPEC §2: the native shell's back button; the NavBar back arrow calls the same `back`.
    return installNativeBackButton({
      canGoBack,
      goBack: () => back(routeMeta(currentPath())?.backTo),
      notify: () => showNoticeKey('notice.pressAgainToExit'),
    });
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={wide ? 'app-frame app-frame--wide' : navTab ? 'app-frame app-frame--with-nav' : 'app-frame'}>
      <KeepAliveOutlet metaFor={routeMeta} resetKey={token} />
      {navTab && (
        <Suspense fallback={<div className="bottom-nav" aria-hidden="true" />}>
          <BottomNav active={navTab} />
        </Suspense>
      )}
    </div>
  );
}
