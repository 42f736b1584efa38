import { z } from 'zod';
import { memberCall, publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { accountField, anyPasswordField, newPasswordField } from '../fields.ts';
import { fundPinPattern } from '../formats.ts';

const confirmField = z.string({ error: errorKeys.account.passwordEmpty }).max(128);
// Fund password: a separate six-digit PIN, as Japanese brokers use a trading PIN (docs/architecture.md).
export const fundPasswordField = z
  .string({ error: errorKeys.account.passwordEmpty })
  .min(1, { error: errorKeys.account.passwordEmpty })
  .regex(fundPinPattern, { error: errorKeys.password.format });

export const changePasswordCall = defineCall({
  policy: memberCall,
  path: 'user/changePassword',
  summary: 'Change the login password; every session of the member ends',
  request: z
    .object({ oldPassword: anyPasswordField, newPassword: newPasswordField, confirmPassword: confirmField })
    .refine((b) => b.newPassword === b.confirmPassword, {
      error: errorKeys.password.mismatch,
      path: ['confirmPassword'],
    }),
  response: z.null(),
});

export const setFundPasswordCall = defineCall({
  policy: memberCall,
  path: 'user/setFundPassword',
  summary: 'Set the fund password the first time (confirmed with the login password)',
  request: z
    .object({ loginPassword: anyPasswordField, password: fundPasswordField, confirmPassword: confirmField })
    .refine((b) => b.password === b.confirmPassword, { error: errorKeys.password.mismatch, path: ['confirmPassword'] }),
  response: z.null(),
});

export const changeFundPasswordCall = defineCall({
  policy: memberCall,
  path: 'user/changeFundPassword',
  summary: 'Change the fund password (old, new, confirm)',
  request: z
    .object({ oldPassword: anyPasswordField, newPassword: fundPasswordField, confirmPassword: confirmField })
    .refine((b) => b.newPassword === b.confirmPassword, {
      error: errorKeys.password.mismatch,
      path: ['confirmPassword'],
    }),
  response: z.null(),
});

export const sendResetCodeCall = defineCall({
  policy: publicCall,
  path: 'user/sendResetCode',
  summary: 'Forgot password: send a one-time code by SMS (valid 10 minutes, 5 tries)',
  request: z.object({ account: accountField }),
  response: z.object({ expiresInSeconds: z.number().int() }),
});

export const resetPasswordCall = defineCall({
  policy: publicCall,
  path: 'user/resetPassword',
  summary: 'Forgot password: set a new password with the one-time code',
  request: z
    .object({
      account: accountField,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: errorKeys.reset.codeInvalid }),
      password: newPasswordField,
      confirmPassword: confirmField,
    })
    .refine((b) => b.password === b.confirmPassword, { error: errorKeys.password.mismatch, path: ['confirmPassword'] }),
  response: z.null(),
});
