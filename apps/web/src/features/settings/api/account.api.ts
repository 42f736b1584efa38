import type { RequestOf } from '@kabuto/contracts/call';
import { logoutCall } from '@kabuto/contracts/user/login';
import { changeFundPasswordCall, changePasswordCall, setFundPasswordCall } from '@kabuto/contracts/user/passwords';
import { api } from '../../../shared/api/api.ts';

export function requestSignOut(): Promise<null> {
  return api.call(logoutCall, {});
}

export function requestChangePassword(body: RequestOf<typeof changePasswordCall>): Promise<null> {
  return api.call(changePasswordCall, body);
}

export function requestSetFundPassword(body: RequestOf<typeof setFundPasswordCall>): Promise<null> {
  return api.call(setFundPasswordCall, body);
}

export function requestChangeFundPassword(body: RequestOf<typeof changeFundPasswordCall>): Promise<null> {
  return api.call(changeFundPasswordCall, body);
}
