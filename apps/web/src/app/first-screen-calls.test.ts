import { describe, expect, it } from 'vitest';
import { configCall } from '@kabuto/contracts/common/config';
import { userInfoCall } from '@kabuto/contracts/user/info';
import { loginCall, loginCodeCall } from '@kabuto/contracts/user/login';
import { registerCall } from '@kabuto/contracts/user/register';
import { resetPasswordCall, sendResetCodeCall } from '@kabuto/contracts/user/passwords';
import { configRef } from './boot.tsx';
import { userInfoRef } from '../shared/session/use-user-info.ts';
import { authCalls } from '../features/auth/api/auth.api.ts';

describe('calls made by the first screens without loading zod (DESIGN "Front end" → Delivery)', () => {
  it('use the very paths their contracts declare', () => {
    expect(configRef.path).toBe(configCall.path);
    expect(userInfoRef.path).toBe(userInfoCall.path);
    expect(authCalls.login.path).toBe(loginCall.path);
    expect(authCalls.loginCode.path).toBe(loginCodeCall.path);
    expect(authCalls.register.path).toBe(registerCall.path);
    expect(authCalls.sendResetCode.path).toBe(sendResetCodeCall.path);
    expect(authCalls.resetPassword.path).toBe(resetPasswordCall.path);
  });
});
