import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ResponseOf } from '@kabuto/contracts/call';
import { userInfoCall } from '@kabuto/contracts/user/info';
import { api } from '../api/api.ts';
import { useSession } from './session.store.ts';

export type UserInfo = ResponseOf<typeof userInfoCall>;

export function userInfoKey(token: string): readonly unknown[] {
  return [userInfoCall.path, token];
}

/** The signed-in member as the server knows them; idle when there is no session. */
export function useUserInfo(): UseQueryResult<UserInfo> {
  const { token } = useSession();
  return useQuery({
    queryKey: userInfoKey(token),
    queryFn: ({ signal }) => api.call(userInfoCall, {}, { signal }),
    enabled: token !== '',
  });
}
