import { z } from 'zod';
import { memberCall, publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { anyPasswordField, loginAccountField, staffRoleField } from '../fields.ts';

export const loginCall = defineCall({
  policy: publicCall,
  path: 'user/login',
  summary: 'Sign in; the answer carries the session token and whether the account is staff',
  request: z.object({
    account: loginAccountField,
    password: anyPasswordField,
    remember: z.boolean().default(false),
    agree: z.literal(true, { error: errorKeys.account.termsRequired }),
  }),
  response: z.object({
    token: z.string(),
    account: z.string(),
    // SPEC §6: persisted by the client as is_admin and echoed as the is-admin header; grants nothing.
    is_admin: z.union([z.literal(0), z.literal(1)]),
    role: staffRoleField.nullable(),
    expiresAt: z.string(),
  }),
});

export const logoutCall = defineCall({
  policy: memberCall,
  path: 'user/logout',
  summary: 'Sign out: ends this session',
  request: z.object({}),
  response: z.null(),
});
