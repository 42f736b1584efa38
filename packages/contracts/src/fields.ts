import { z } from 'zod';
import { errorKeys } from './errors.ts';
import {
  accountPattern,
  amountPattern,
  currencyCodes,
  newPasswordPattern,
  passwordMaxLength,
  reasonLength,
  restrictionKinds,
  staffRoles,
} from './formats.ts';

export { currencyCodes, restrictionKinds, staffRoles };

// SPEC §5: account is a ten-digit mobile number (lowercase letters and digits only).
export const accountField = z
  .string({ error: errorKeys.account.accountEmpty })
  .trim()
  .min(1, { error: errorKeys.account.accountEmpty })
  .regex(accountPattern, { error: errorKeys.account.accountFormat });

// SPEC §5: eight or more characters, letters and digits.
export const newPasswordField = z
  .string({ error: errorKeys.account.passwordEmpty })
  .min(1, { error: errorKeys.account.passwordEmpty })
  .max(passwordMaxLength, { error: errorKeys.password.format })
  .regex(newPasswordPattern, { error: errorKeys.password.format });

export const anyPasswordField = z
  .string({ error: errorKeys.account.passwordEmpty })
  .min(1, { error: errorKeys.account.passwordEmpty })
  .max(128, { error: errorKeys.account.wrongCredentials });

export const loginAccountField = z
  .string({ error: errorKeys.account.accountEmpty })
  .trim()
  .min(1, { error: errorKeys.account.accountEmpty })
  .max(32, { error: errorKeys.account.notExist });

export type StaffRole = (typeof staffRoles)[number];
export const staffRoleField = z.enum(staffRoles);

export type RestrictionKind = (typeof restrictionKinds)[number];

export const langField = z.enum(['en', 'tw', 'jp']);
export type Lang = z.infer<typeof langField>;

export const isoTime = z.string();

// Money on the wire is a decimal string (DESIGN "Money and the ledger"); at most two decimals in input.
export const amountField = z
  .string({ error: errorKeys.funds.amountInvalid })
  .trim()
  .regex(amountPattern, { error: errorKeys.funds.amountInvalid })
  .refine((v) => /[1-9]/.test(v), { error: errorKeys.funds.amountInvalid });
export const moneyString = z.string();

export const currencyField = z.enum(currencyCodes, { error: errorKeys.request.invalid });

export const reviewStatus = z.enum(['pending', 'approved', 'rejected']);
export type ReviewStatus = z.infer<typeof reviewStatus>;
export const decisionField = z.enum(['approve', 'reject']);
export const reasonField = z
  .string({ error: errorKeys.admin.reasonRequired })
  .trim()
  .min(reasonLength.min, { error: errorKeys.admin.reasonRequired })
  .max(reasonLength.max, { error: errorKeys.request.invalid });
export const idField = z
  .string()
  .trim()
  .min(1, { error: errorKeys.request.invalid })
  .max(64, { error: errorKeys.request.invalid });
export const pageFields = {
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
