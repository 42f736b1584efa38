// Issue 25 "Staff accounts": what an admin may change on a staff account, decided from facts the server read under
// lock (pure, so the back office asks the same question before sending).

/** One change to a staff account. */
export type StaffChange =
  { readonly kind: 'setRole'; readonly role: string } | { readonly kind: 'disable' } | { readonly kind: 'enable' };

export interface StaffAccountFacts {
  readonly id: string;
  readonly role: string;
  readonly disabled: boolean;
}

export type StaffChangeRefusal = 'sameRole' | 'alreadyDisabled' | 'notDisabled' | 'lastAdmin';

/** Whether the change takes admin rights from an account that has them now. */
const takesAdminAway = (target: StaffAccountFacts, change: StaffChange): boolean =>
  target.role === 'admin' && (change.kind === 'disable' || (change.kind === 'setRole' && change.role !== 'admin'));

/**
 * Refuses a change that would do nothing, and one that would leave nobody able to run the back office: the target is
 * the only active admin (`activeAdminIds`: admins not disabled and able to sign in) and would stop being one.
 */
export function staffChangeRefusal(
  target: StaffAccountFacts,
  change: StaffChange,
  activeAdminIds: readonly string[],
): StaffChangeRefusal | null {
  if (change.kind === 'setRole' && change.role === target.role) return 'sameRole';
  if (change.kind === 'disable' && target.disabled) return 'alreadyDisabled';
  if (change.kind === 'enable' && !target.disabled) return 'notDisabled';
  const onlyActiveAdmin = activeAdminIds.includes(target.id) && activeAdminIds.every((id) => id === target.id);
  return onlyActiveAdmin && takesAdminAway(target, change) ? 'lastAdmin' : null;
}
