import { errorKeys } from '@kabuto/contracts/errors';
import { accountIssue, fundPinIssue, newPasswordIssue } from '@kabuto/contracts/formats';

// Inline validation uses the rules the server's schemas are built from (SPEC §5), so both agree.

/** SPEC §5: a ten-digit mobile number. */
export function accountError(value: string): string | null {
  return accountIssue(value);
}

/** SPEC §5: eight or more characters, letters and digits. */
export function newPasswordError(value: string): string | null {
  return newPasswordIssue(value);
}

/** The fund password is a six-digit PIN; the contract's generic format key is made specific here. */
export function fundPinError(value: string): string | null {
  const issue = fundPinIssue(value);
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
