import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { removeLegacyRecords } from '../shared/session/session.store.ts';

/** The root view. SPEC §3: legacy stored records (tklm, zjkm, hklm) are removed when it is destroyed. */
export function AppRoot({ children }: { children: ReactNode }) {
  useEffect(() => () => removeLegacyRecords(), []);
  return children;
}
