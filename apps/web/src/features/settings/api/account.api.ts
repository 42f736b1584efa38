import type { RequestOf } from '@kabuto/contracts/call';
import type { changeFundPasswordCall, changePasswordCall, setFundPasswordCall } from '@kabuto/contracts/user/passwords';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const changeFundPasswordRef = callRef<typeof changeFundPasswordCall>('user/changeFundPassword');
const changePasswordRef = callRef<typeof changePasswordCall>('user/changePassword');
const setFundPasswordRef = callRef<typeof setFundPasswordCall>('user/setFundPassword');

export function requestChangePassword(body: RequestOf<typeof changePasswordCall>): Promise<null> {
  return api.call(changePasswordRef, body);
}

export function requestSetFundPassword(body: RequestOf<typeof setFundPasswordCall>): Promise<null> {
  return api.call(setFundPasswordRef, body);
}

export function requestChangeFundPassword(body: RequestOf<typeof changeFundPasswordCall>): Promise<null> {
  return api.call(changeFundPasswordRef, body);
}
