import type { StaffRole } from '@kabuto/contracts/fields';

/** Where sign-in leads: members to home (UX "Home"), staff to the back office. */
export const MEMBER_HOME = '/home/index';

export function homePathFor(role: StaffRole | null): string {
  return role === null ? MEMBER_HOME : '/admin';
}
