import type { StaffRole } from '@kabuto/contracts/fields';

// Issue "Foundation": no home screen yet; members land on settings, staff on the back office.
export function homePathFor(role: StaffRole | null): string {
  return role === null ? '/user/setting' : '/admin';
}
