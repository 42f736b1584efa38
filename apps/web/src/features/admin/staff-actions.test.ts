import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { StaffAccount } from './api/staff-admin.api.ts';
import { actionsFor, draftIssue, emptyStaffDraft, refusalBeforeSending } from './staff-actions.ts';

const staff = (
  account: string,
  role: StaffAccount['role'],
  status: StaffAccount['status'] = 'active',
): StaffAccount => ({
  account,
  role,
  status,
  createdAt: '2026-11-20T01:00:00.000Z',
  disabledAt: status === 'disabled' ? '2026-11-21T01:00:00.000Z' : null,
});

describe('back office staff accounts: what a row offers and what is refused before sending', () => {
  it('offers disable to an active account, enable to a disabled one, and a password reset to others only', () => {
    expect(actionsFor(staff('0900000001', 'reviewer'), '9000000001')).toEqual(['role', 'disable', 'reset']);
    expect(actionsFor(staff('0900000001', 'reviewer', 'disabled'), '9000000001')).toEqual(['role', 'enable', 'reset']);
    expect(actionsFor(staff('9000000001', 'admin'), '9000000001')).toEqual(['role', 'disable']);
  });

  it('tells the last active admin apart by the same rule as the server, a disabled admin not counting', () => {
    const a = staff('9000000001', 'admin');
    const b = staff('0900000002', 'admin', 'disabled');
    const list = [a, b, staff('0900000003', 'reviewer')];
    expect(refusalBeforeSending(list, a, { kind: 'disable' })).toBe(errorKeys.staff.lastAdmin);
    expect(refusalBeforeSending(list, a, { kind: 'setRole', role: 'auditor' })).toBe(errorKeys.staff.lastAdmin);
    expect(refusalBeforeSending(list, a, { kind: 'setRole', role: 'admin' })).toBe(errorKeys.staff.sameRole);
    expect(refusalBeforeSending(list, b, { kind: 'setRole', role: 'reviewer' })).toBeNull();
    expect(refusalBeforeSending([a, { ...b, status: 'active' }], a, { kind: 'disable' })).toBeNull();
  });

  it('checks the new-account form field by field with the server’s formats', () => {
    const good = {
      account: '0901234567',
      password: 'Start2026',
      confirm: 'Start2026',
      role: 'support',
      reason: 'New hire',
    } as const;
    expect(draftIssue(good)).toBeNull();
    expect(draftIssue(emptyStaffDraft)).toBe(errorKeys.account.accountEmpty);
    expect(draftIssue({ ...good, account: '090123' })).toBe(errorKeys.account.accountFormat);
    expect(draftIssue({ ...good, password: 'short1', confirm: 'short1' })).toBe(errorKeys.password.format);
    expect(draftIssue({ ...good, confirm: 'Start2027' })).toBe(errorKeys.password.mismatch);
    expect(draftIssue({ ...good, role: '' })).toBe('admin.staff.form.chooseRole');
    expect(draftIssue({ ...good, reason: ' ' })).toBe(errorKeys.admin.reasonRequired);
  });
});
