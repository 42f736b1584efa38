import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { accountError, confirmError, fundPinError, newPasswordError } from './field-rules.ts';

describe('inline field rules (SPEC §5, same schemas as the server)', () => {
  it('accepts a ten-digit phone number and explains anything else', () => {
    expect(accountError('0901234567')).toBeNull();
    expect(accountError('')).toBe(errorKeys.account.accountEmpty);
    expect(accountError('090123456')).toBe(errorKeys.account.accountFormat);
    expect(accountError('09012345678')).toBe(errorKeys.account.accountFormat);
    expect(accountError('abcdefghij')).toBe(errorKeys.account.accountFormat);
  });

  it('wants eight or more letters and digits for a new password', () => {
    expect(newPasswordError('abc12345')).toBeNull();
    expect(newPasswordError('abc1234')).toBe(errorKeys.password.format);
    expect(newPasswordError('abcdefgh')).toBe(errorKeys.password.format);
    expect(newPasswordError('12345678')).toBe(errorKeys.password.format);
    expect(newPasswordError('')).toBe(errorKeys.account.passwordEmpty);
  });

  it('wants a six-digit fund PIN', () => {
    expect(fundPinError('123456')).toBeNull();
    expect(fundPinError('12345')).toBe('validation.pinFormat');
    expect(fundPinError('')).toBe(errorKeys.account.passwordEmpty);
  });

  it('requires the confirmation to match', () => {
    expect(confirmError('abc12345', 'abc12345')).toBeNull();
    expect(confirmError('abc12345', 'abc12346')).toBe(errorKeys.password.mismatch);
    expect(confirmError('abc12345', '')).toBe(errorKeys.account.passwordEmpty);
  });
});
