import { useSyncExternalStore } from 'react';
import { addressParam } from './navigation.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/**
 * `addressParam` that renders its screen again when only the address changes: an edited hash or back/forward
 * between two entries of the same route keeps the screen mounted, so a value read once would go stale.
 */
export function useAddressParam(name: string): string | null {
  return useSyncExternalStore(subscribe, () => addressParam(name));
}
