import type { z } from 'zod';
import { errorKeys } from '@kabuto/contracts/errors';
import { accountField, newPasswordField } from '@kabuto/contracts/fields';
import { fundPasswordField } from '@kabuto/contracts/user/passwords';

/** The first message key a contract field reports for this value, or null when it passes. */
function firstIssue(field: z.ZodType, value: string): string | null {
  const result = field.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? errorKeys.request.invalid;
}

// Inline validation uses the very schemas the server checks (SPEC §5), so both agree.

/** SPEC §5: a ten-digit mobile number. */
export function accountError(value: string): string | null {
  return firstIssue(accountField, value);
}

/** SPEC §5: eight or more characters, letters and digits. */
export function newPasswordError(value: string): string | null {
  return firstIssue(newPasswordField, value);
}

/** The fund password is a six-digit PIN; the contract's generic format key is made specific here. */
export function fundPinError(value: string): string | null {
  const issue = firstIssue(fundPasswordField, value);
  return issue === errorKeys.password.format ? 'validation.pinFormat' : issue;
}

/** SPEC §5: the two password entries must match. */
export function confirmError(password: string, confirm: string): string | null {
  if (confirm === '') return errorKeys.account.passwordEmpty;
  return password === confirm ? null : errorKeys.password.mismatch;
}

export function requiredError(value: string, key: string): string | null {
  return value.trim() === '' ? key : null;
}
