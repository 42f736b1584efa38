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

// Money on the wire is a decimal string (DESIGN "Money and the ledger"); at most two decimals in input.
export const amountField = z
  .string({ error: errorKeys.funds.amountInvalid })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, { error: errorKeys.funds.amountInvalid })
  .refine((v) => /[1-9]/.test(v), { error: errorKeys.funds.amountInvalid });
export const moneyString = z.string();

// The same list as @kabuto/domain/currency (contracts may not import domain values); a test checks they agree.
export const currencyCodes = ['JPY', 'USD', 'CNY', 'TWD', 'HKD', 'MYR', 'THB', 'VND', 'KRW', 'INR'] as const;
export const currencyField = z.enum(currencyCodes, { error: errorKeys.request.invalid });

export const reviewStatus = z.enum(['pending', 'approved', 'rejected']);
export type ReviewStatus = z.infer<typeof reviewStatus>;
export const decisionField = z.enum(['approve', 'reject']);
export const reasonField = z
  .string({ error: errorKeys.admin.reasonRequired })
  .trim()
  .min(2, { error: errorKeys.admin.reasonRequired })
  .max(500, { error: errorKeys.request.invalid });
export const idField = z.string().trim().min(1, { error: errorKeys.request.invalid }).max(64, { error: errorKeys.request.invalid });
export const pageFields = {
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
