import { Navigate, createHashRouter } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { NotFoundScreen } from './not-found.screen.tsx';
import { appRoutes } from './routes.tsx';
import { bindNavigator } from '../shared/navigation/navigation.ts';

export type AppRouter = ReturnType<typeof createHashRouter>;

// SPEC §2: hash-style addresses; the root address redirects to /login/start.
export function createAppRouter(): AppRouter {
  const router = createHashRouter([
    {
      element: <AppShell />,
      children: [
        { path: '/', element: <Navigate to="/login/start" replace /> },
        ...appRoutes.map(({ path, Screen }) => ({ path, element: <Screen /> })),
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ]);
  bindNavigator((to, options) => {
    if (typeof to === 'number') void router.navigate(to);
    else void router.navigate(to, options?.replace ? { replace: true } : {});
  });
  return router;
}
