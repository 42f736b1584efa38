import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import { loginCall } from '@kabuto/contracts/user/login';
import { registerCall } from '@kabuto/contracts/user/register';
import { resetPasswordCall, sendResetCodeCall } from '@kabuto/contracts/user/passwords';
import { api } from '../../../shared/api/api.ts';

export function requestSignIn(body: RequestOf<typeof loginCall>): Promise<ResponseOf<typeof loginCall>> {
  return api.call(loginCall, body);
}

export function requestRegister(body: RequestOf<typeof registerCall>): Promise<ResponseOf<typeof registerCall>> {
  return api.call(registerCall, body);
}

export function requestResetCode(body: RequestOf<typeof sendResetCodeCall>): Promise<ResponseOf<typeof sendResetCodeCall>> {
  return api.call(sendResetCodeCall, body);
}

export function requestPasswordReset(body: RequestOf<typeof resetPasswordCall>): Promise<ResponseOf<typeof resetPasswordCall>> {
  return api.call(resetPasswordCall, body);
}
