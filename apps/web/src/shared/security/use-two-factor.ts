import { useQuery } from '@tanstack/react-query';
import type { twoFactorStatusCall } from '@kabuto/contracts/security/two-factor';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';
import { useSession } from '../session/session.store.ts';

// Issue 27: whether money-moving forms (withdrawal, bank cards) ask for a two-step code. Paths only at run time.
const statusRef = callRef<typeof twoFactorStatusCall>('user/twoFactor/status');

/** The member's two-step sign-in status (the security screen reads the same query). */
export function useTwoFactorStatus() {
  const { token } = useSession();
  return useQuery({
    queryKey: [statusRef.path, token] as const,
    queryFn: ({ signal }) => api.call(statusRef, {}, { signal }),
    enabled: token !== '',
  });
}
