import { useLayoutEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { appRoutes, notFoundRoute, startPath } from './routes.tsx';
import { bindNavigator } from '../shared/navigation/navigation.ts';

/** Lets push/back (HTTP client, native shell) drive the router on screen, so its history keeps `idx` for `canGoBack`. */
function NavigatorBinding() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    bindNavigator((to, options) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(to, options?.replace ? { replace: true } : {});
    });
    return () => bindNavigator(null);
  }, [navigate]);
  return null;
}

// SPEC §2: hash-style addresses; the root address redirects to /login/start. The declarative router
// is enough (no loaders or actions: TanStack Query owns server state) and is a third of the data router's size.
export function AppRouter() {
  const NotFound = notFoundRoute.Screen;
  return (
    <HashRouter>
      <NavigatorBinding />
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<Navigate to={startPath} replace />} />
          {appRoutes.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
