import type { StaffRole } from '@kabuto/contracts/fields';

// DESIGN "Reviews and the back office": each role sees only what it may use. The server decides
// (a forbidden call answers 403); this table mirrors its route policies so nobody is offered a 403.

export type Section = 'realname' | 'deposits' | 'withdrawals' | 'members' | 'channels' | 'reconciliation' | 'audit';
export type Queue = 'realName' | 'deposits' | 'withdrawals';

const all: readonly StaffRole[] = ['admin', 'reviewer', 'support', 'auditor'];

const viewers: Record<Section, readonly StaffRole[]> = {
  realname: ['admin', 'reviewer', 'auditor'],
  deposits: all,
  withdrawals: all,
  members: all,
  channels: all,
  reconciliation: ['admin', 'auditor'],
  audit: ['admin', 'auditor'],
};

export const sectionOrder: readonly Section[] = ['realname', 'deposits', 'withdrawals', 'members', 'channels', 'reconciliation', 'audit'];

export function sectionsFor(role: StaffRole): Section[] {
  return sectionOrder.filter((s) => viewers[s].includes(role));
}

export const can = {
  decide: (role: StaffRole) => role === 'admin' || role === 'reviewer',
  restrict: (role: StaffRole) => role === 'admin' || role === 'support',
  editSettings: (role: StaffRole) => role === 'admin',
};
