import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { accountIssue, newPasswordIssue, reasonIssue, type FieldIssue } from '@kabuto/contracts/formats';
import type { StaffRole } from '@kabuto/contracts/fields';
import { staffChangeRefusal, type StaffChange, type StaffChangeRefusal } from '@kabuto/domain/staff/staff-change';
import type { StaffAccount, StaffAction } from './api/staff-admin.api.ts';

/** What a row offers an admin: another role, disable or enable by status, and a new password for anyone else. */
export function actionsFor(s: Pick<StaffAccount, 'account' | 'status'>, self: string | null): StaffAction[] {
  const actions: StaffAction[] = ['role', s.status === 'active' ? 'disable' : 'enable'];
  // One's own password is changed with the old one (member centre), never reset here: the server refuses it too.
  if (s.account !== self) actions.push('reset');
  return actions;
}

const refusalKeys: Record<StaffChangeRefusal, ErrorKey> = {
  sameRole: errorKeys.staff.sameRole,
  alreadyDisabled: errorKeys.staff.alreadyDisabled,
  notDisabled: errorKeys.staff.notDisabled,
  lastAdmin: errorKeys.staff.lastAdmin,
};

/**
 * The refusal the server would answer, told before sending: the domain's rule on the list's facts. The server also
 * leaves out admins kept out by a member restriction, so it may refuse what the list allows, never the reverse.
 */
export function refusalBeforeSending(
  list: readonly StaffAccount[],
  target: StaffAccount,
  change: StaffChange,
): ErrorKey | null {
  const activeAdmins = list.filter((s) => s.role === 'admin' && s.status === 'active').map((s) => s.account);
  const facts = { id: target.account, role: target.role, disabled: target.status === 'disabled' };
  const refusal = staffChangeRefusal(facts, change, activeAdmins);
  return refusal ? refusalKeys[refusal] : null;
}

/** A new password typed twice. */
export function passwordIssue(password: string, confirm: string): FieldIssue {
  return newPasswordIssue(password) ?? (confirm === password ? null : errorKeys.password.mismatch);
}

export interface StaffDraft {
  account: string;
  password: string;
  confirm: string;
  role: StaffRole | '';
  reason: string;
}

export const emptyStaffDraft: StaffDraft = { account: '', password: '', confirm: '', role: '', reason: '' };

/** The first thing to fix in the new-account form, in the order of its fields (the server's rules: formats). */
export function draftIssue(d: StaffDraft): FieldIssue {
  return (
    accountIssue(d.account) ??
    passwordIssue(d.password, d.confirm) ??
    (d.role === '' ? 'admin.staff.form.chooseRole' : null) ??
    reasonIssue(d.reason)
  );
}
