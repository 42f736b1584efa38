import type { StaffRole } from '@kabuto/contracts/fields';

/** Where sign-in leads: members to the member centre, staff to the back office. */
export const MEMBER_HOME = '/user/usercenter';

export function homePathFor(role: StaffRole | null): string {
  return role === null ? MEMBER_HOME : '/admin';
}
