import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { accountField, newPasswordField } from '../fields.ts';

export const registerCall = defineCall({
  policy: publicCall,
  path: 'user/register',
  summary: 'Register a member with an invitation code',
  request: z
    .object({
      account: accountField,
      password: newPasswordField,
      confirmPassword: z.string({ error: errorKeys.account.passwordEmpty }).max(128),
      inviteCode: z
        .string({ error: errorKeys.account.inviterNotExist })
        .trim()
        .min(1, { error: errorKeys.account.inviterNotExist })
        .max(32, { error: errorKeys.account.inviterNotExist }),
      agree: z.literal(true, { error: errorKeys.account.termsRequired }),
    })
    .refine((b) => b.password === b.confirmPassword, { error: errorKeys.password.mismatch, path: ['confirmPassword'] }),
  response: z.object({ account: z.string() }),
});
