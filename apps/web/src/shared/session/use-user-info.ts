import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { userInfoCall } from '@kabuto/contracts/user/info';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';
import { useSession } from './session.store.ts';

export type UserInfo = ResponseOf<typeof userInfoCall>;

// Checked against the contract in first-screen-calls.test.ts; the start screen must not load zod.
export const userInfoRef = callRef<typeof userInfoCall>('user/info');

export function userInfoKey(token: string): readonly unknown[] {
  return [userInfoRef.path, token];
}

/** The signed-in member as the server knows them; idle when there is no session. */
export function useUserInfo(): UseQueryResult<UserInfo> {
  const { token } = useSession();
  return useQuery({
    queryKey: userInfoKey(token),
    queryFn: ({ signal }) => api.call(userInfoRef, {}, { signal }),
    enabled: token !== '',
  });
}
