import { z } from 'zod';
import { errorKeys } from './errors.ts';

// SPEC §5: account is a ten-digit mobile number (lowercase letters and digits only).
export const accountField = z
  .string({ error: errorKeys.account.accountEmpty })
  .trim()
  .min(1, { error: errorKeys.account.accountEmpty })
  .regex(/^\d{10}$/, { error: errorKeys.account.accountFormat });

// SPEC §5: eight or more characters, letters and digits.
export const newPasswordField = z
  .string({ error: errorKeys.account.passwordEmpty })
  .min(1, { error: errorKeys.account.passwordEmpty })
  .max(128, { error: errorKeys.password.format })
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/, { error: errorKeys.password.format });

export const anyPasswordField = z
  .string({ error: errorKeys.account.passwordEmpty })
  .min(1, { error: errorKeys.account.passwordEmpty })
  .max(128, { error: errorKeys.account.wrongCredentials });

export const loginAccountField = z
  .string({ error: errorKeys.account.accountEmpty })
  .trim()
  .min(1, { error: errorKeys.account.accountEmpty })
  .max(32, { error: errorKeys.account.notExist });

export const staffRoles = ['admin', 'reviewer', 'support', 'auditor'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleField = z.enum(staffRoles);

export const restrictionKinds = ['frozen', 'login_banned', 'disabled', 'no_trading', 'no_withdrawal'] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

export const langField = z.enum(['en', 'tw', 'jp']);
export type Lang = z.infer<typeof langField>;

export const isoTime = z.string();
