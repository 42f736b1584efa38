// Field formats, without zod: the contracts build their schemas from these patterns and bounds, and the
// screens check input with the issue functions below, so the web app validates as the server does without
// downloading zod (DESIGN "Front end" → Delivery). `formats.test.ts` holds each function to its schema.
import { errorKeys } from './errors.ts';

/** The message key of the first problem with a value, or null when it passes. */
export type FieldIssue = string | null;

// SPEC §5: account is a ten-digit mobile number.
export const accountPattern = /^\d{10}$/;
// SPEC §5: eight or more characters, letters and digits.
export const newPasswordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
export const passwordMaxLength = 128;
export const fundPinPattern = /^\d{6}$/;
// Money on the wire: at most fifteen whole digits and two decimals, more than zero.
export const amountPattern = /^\d{1,15}(\.\d{1,2})?$/;
export const reasonLength = { min: 2, max: 500 } as const;
export const bankCardPatterns = {
  branchCode: /^[A-Za-z0-9]{3,11}$/,
  cardNumber: /^\d{6,20}$/,
  // Indian banks: IFSC (4 letters, 0, 6 alphanumerics) and a UPI id.
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
  upi: /^[A-Za-z0-9._-]{2,64}@[A-Za-z]{2,32}$/,
} as const;
export const idNumberPattern = /^[A-Za-z0-9-]{4,32}$/;
export const channelAccountNumberPattern = /^\d{4,20}$/;

export const cardTypes = ['ordinary', 'current', 'savings'] as const;
export const staffRoles = ['admin', 'reviewer', 'support', 'auditor'] as const;
export const restrictionKinds = ['frozen', 'login_banned', 'disabled', 'no_trading', 'no_withdrawal'] as const;
// The same list as @kabuto/domain/currency (contracts may not import domain values); a test checks they agree.
export const currencyCodes = ['JPY', 'USD', 'CNY', 'TWD', 'HKD', 'MYR', 'THB', 'VND', 'KRW', 'INR'] as const;

export function accountIssue(raw: string): FieldIssue {
  const value = raw.trim();
  if (value === '') return errorKeys.account.accountEmpty;
  return accountPattern.test(value) ? null : errorKeys.account.accountFormat;
}

export function newPasswordIssue(value: string): FieldIssue {
  if (value === '') return errorKeys.account.passwordEmpty;
  if (value.length > passwordMaxLength) return errorKeys.password.format;
  return newPasswordPattern.test(value) ? null : errorKeys.password.format;
}

export function fundPinIssue(value: string): FieldIssue {
  if (value === '') return errorKeys.account.passwordEmpty;
  return fundPinPattern.test(value) ? null : errorKeys.password.format;
}

export function amountIssue(raw: string): FieldIssue {
  const value = raw.trim();
  return amountPattern.test(value) && /[1-9]/.test(value) ? null : errorKeys.funds.amountInvalid;
}

export function reasonIssue(raw: string): FieldIssue {
  const value = raw.trim();
  if (value.length < reasonLength.min) return errorKeys.admin.reasonRequired;
  return value.length > reasonLength.max ? errorKeys.request.invalid : null;
}

/** Required text of at most `max` characters once trimmed. */
export function textIssue(raw: string, max: number): FieldIssue {
  const value = raw.trim();
  return value.length >= 1 && value.length <= max ? null : errorKeys.request.invalid;
}

/** A trimmed value that must match a pattern. */
export function patternIssue(raw: string, pattern: RegExp): FieldIssue {
  return pattern.test(raw.trim()) ? null : errorKeys.request.invalid;
}

/** The fields of a deposit channel that staff type (admin/channels/save). */
export interface DepositChannelText {
  name: string;
  bankName: string;
  branchName: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  min: string;
  max: string;
}

export function depositChannelIssue(d: DepositChannelText): FieldIssue {
  return (
    textIssue(d.name, 64) ??
    textIssue(d.bankName, 64) ??
    textIssue(d.branchName, 64) ??
    textIssue(d.accountType, 32) ??
    patternIssue(d.accountNumber, channelAccountNumberPattern) ??
    textIssue(d.accountHolder, 64) ??
    amountIssue(d.min) ??
    amountIssue(d.max)
  );
}
