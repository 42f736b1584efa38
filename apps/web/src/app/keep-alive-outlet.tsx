import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { RoutePaneContext } from '../shared/navigation/route-meta.ts';
import type { RouteMeta } from '../shared/navigation/route-meta.ts';

interface KeepAliveOutletProps {
  metaFor: (path: string) => RouteMeta | undefined;
  /** Changing it (e.g. a new session) drops every kept screen. */
  resetKey: string;
}

interface Cache {
  resetKey: string;
  panes: Map<string, ReactNode>;
}

/**
 * SPEC §2: screens whose route has meta.keepAlive stay mounted (hidden) after the member
 * leaves them and come back as they were; every other screen is shown fresh.
 */
export function KeepAliveOutlet({ metaFor, resetKey }: KeepAliveOutletProps) {
  const location = useLocation();
  const outlet = useOutlet();
  const cache = useRef<Cache>({ resetKey, panes: new Map() });
  if (cache.current.resetKey !== resetKey) cache.current = { resetKey, panes: new Map() };

  const path = location.pathname;
  const meta = metaFor(path);
  const panes = cache.current.panes;
  // The outlet element carries its own route context, so a kept copy keeps rendering its screen.
  if (meta?.keepAlive && outlet && !panes.has(path)) panes.set(path, outlet);

  const pane = (panePath: string, key: string, element: ReactNode) => (
    <div key={key} className="route-pane" hidden={panePath !== path} data-route={panePath}>
      <RoutePaneContext.Provider value={{ path: panePath, meta: metaFor(panePath), active: panePath === path }}>
        {element}
      </RoutePaneContext.Provider>
    </div>
  );
  const kept = [...panes].map(([panePath, element]) => pane(panePath, `kept:${panePath}`, element));
  // The visible screen comes first in the document, so "first match" lookups find it, not a hidden copy.
  const visible = meta?.keepAlive
    ? kept.filter((p) => p.key === `kept:${path}`)
    : [pane(path, `fresh:${location.key}`, outlet)];
  const hidden = kept.filter((p) => p.key !== `kept:${path}`);
  // One keyed list: React moves a kept pane to the front instead of mounting it again.
  return <>{[...visible, ...hidden]}</>;
}
