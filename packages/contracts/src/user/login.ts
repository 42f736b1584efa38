import { z } from 'zod';
import { memberCall, publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { anyPasswordField, loginAccountField, staffRoleField } from '../fields.ts';
import { twoFactorCodeField } from '../security/two-factor.ts';

const sessionAnswer = z.object({
  token: z.string(),
  account: z.string(),
  // SPEC §6: persisted by the client as is_admin and echoed as the is-admin header; grants nothing.
  is_admin: z.union([z.literal(0), z.literal(1)]),
  role: staffRoleField.nullable(),
  expiresAt: z.string(),
});

/** Issue 27: the password was right and two-step sign-in is on; `user/login/code` with this challenge ends the sign-in. */
export const signInChallengeSchema = z.object({
  twoFactor: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});

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
  // Issue 27: with two-step sign-in on, a right password answers a short-lived challenge instead of a session.
  response: z.union([sessionAnswer, signInChallengeSchema]),
});

/** Issue 27: the second step of a sign-in — the challenge and a code from the app (or a recovery code). */
export const loginCodeCall = defineCall({
  policy: publicCall,
  path: 'user/login/code',
  summary: 'Second step of a sign-in with two-step sign-in on: the code from the app; the answer carries the session',
  request: z.object({
    challenge: z
      .string({ error: errorKeys.security.challengeExpired })
      .min(20, { error: errorKeys.security.challengeExpired })
      .max(100, { error: errorKeys.security.challengeExpired }),
    code: twoFactorCodeField,
  }),
  response: sessionAnswer,
});

export const logoutCall = defineCall({
  policy: memberCall,
  path: 'user/logout',
  summary: 'Sign out: ends this session',
  request: z.object({}),
  response: z.null(),
});
