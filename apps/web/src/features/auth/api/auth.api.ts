import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { loginCall, loginCodeCall } from '@kabuto/contracts/user/login';
import type { registerCall } from '@kabuto/contracts/user/register';
import type { resetPasswordCall, sendResetCodeCall } from '@kabuto/contracts/user/passwords';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only (checked against the contracts in first-screen-calls.test.ts): the sign-in screen must not load zod.
export const authCalls = {
  login: callRef<typeof loginCall>('user/login'),
  loginCode: callRef<typeof loginCodeCall>('user/login/code'),
  register: callRef<typeof registerCall>('user/register'),
  sendResetCode: callRef<typeof sendResetCodeCall>('user/sendResetCode'),
  resetPassword: callRef<typeof resetPasswordCall>('user/resetPassword'),
};

export function requestSignIn(body: RequestOf<typeof loginCall>): Promise<ResponseOf<typeof loginCall>> {
  return api.call(authCalls.login, body);
}

/** Issue 27: the second step of a sign-in with two-step sign-in on. */
export function requestSignInCode(body: RequestOf<typeof loginCodeCall>): Promise<ResponseOf<typeof loginCodeCall>> {
  return api.call(authCalls.loginCode, body);
}

export function requestRegister(body: RequestOf<typeof registerCall>): Promise<ResponseOf<typeof registerCall>> {
  return api.call(authCalls.register, body);
}

export function requestResetCode(
  body: RequestOf<typeof sendResetCodeCall>,
): Promise<ResponseOf<typeof sendResetCodeCall>> {
  return api.call(authCalls.sendResetCode, body);
}

export function requestPasswordReset(
  body: RequestOf<typeof resetPasswordCall>,
): Promise<ResponseOf<typeof resetPasswordCall>> {
  return api.call(authCalls.resetPassword, body);
}
