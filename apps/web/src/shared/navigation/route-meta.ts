import { createContext, useContext } from 'react';

// SPEC §2: a route may carry keepAlive; every route names its title in the catalogues.
export interface RouteMeta {
  keepAlive?: boolean;
  titleKey: string;
  /** Where the back arrow goes when there is no history to return to. */
  backTo?: string;
}

export interface RoutePane {
  path: string;
  meta: RouteMeta | undefined;
  /** False while a kept-alive screen is hidden behind another route. */
  active: boolean;
}

export const RoutePaneContext = createContext<RoutePane>({ path: '/', meta: undefined, active: true });

export function useRoutePane(): RoutePane {
  return useContext(RoutePaneContext);
}
