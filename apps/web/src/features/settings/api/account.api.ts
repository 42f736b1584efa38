import type { RequestOf } from '@kabuto/contracts/call';
import { changeFundPasswordCall, changePasswordCall, setFundPasswordCall } from '@kabuto/contracts/user/passwords';
import { api } from '../../../shared/api/api.ts';

export function requestChangePassword(body: RequestOf<typeof changePasswordCall>): Promise<null> {
  return api.call(changePasswordCall, body);
}

export function requestSetFundPassword(body: RequestOf<typeof setFundPasswordCall>): Promise<null> {
  return api.call(setFundPasswordCall, body);
}

export function requestChangeFundPassword(body: RequestOf<typeof changeFundPasswordCall>): Promise<null> {
  return api.call(changeFundPasswordCall, body);
}
