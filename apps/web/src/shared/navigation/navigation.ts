// SPEC §2: helpers to push a path and to go back one step, usable outside React (HTTP client, shell).

type Navigate = (to: string | number, options?: { replace?: boolean }) => void;

const hashNavigate: Navigate = (to, options) => {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (options?.replace) window.location.replace(url);
  else window.location.hash = `#${to}`;
};

let navigateImpl: Navigate = hashNavigate;

/** The router registers its own navigate once it exists; before that, hash assignment does the same. */
export function bindNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate ?? hashNavigate;
}

export function push(path: string): void {
  navigateImpl(path);
}

export function replace(path: string): void {
  navigateImpl(path, { replace: true });
}

/** True when this tab has an earlier entry of ours to return to (react-router keeps `idx` in history.state). */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

/** One step back; with no history (deep link, fresh tab) go to `fallback` instead of leaving the app. */
export function back(fallback = '/login/start'): void {
  if (canGoBack()) navigateImpl(-1);
  else replace(fallback);
}

/** The current hash route's path, without its query. */
export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  const q = hash.indexOf('?');
  return (q === -1 ? hash : hash.slice(0, q)) || '/';
}

/** Reads a parameter from the query part of the address or from the query inside the hash. */
export function addressParam(name: string): string | null {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  const fromHash = q === -1 ? null : new URLSearchParams(hash.slice(q + 1)).get(name);
  return fromHash ?? new URLSearchParams(window.location.search).get(name);
}
