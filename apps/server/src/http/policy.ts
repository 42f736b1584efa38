import type { StaffRole } from '@kabuto/contracts/fields';

// STYLE §9: every call states who may make it — on its contract (packages/contracts/src/policy.ts).
export type { CallPolicy as Policy, MemberPolicy, PublicPolicy, StaffPolicy } from '@kabuto/contracts/policy';

export interface Principal {
  readonly memberId: string;
  readonly account: string;
  readonly role: StaffRole | null;
  readonly tokenHash: string;
}

export type StaffPrincipal = Principal & { readonly role: StaffRole };

/** Narrows the principal of a staff route (the registrar has already checked the role). */
export function asStaff(p: Principal): StaffPrincipal {
  if (!p.role) throw new Error('staff route reached without a staff role');
  return p as StaffPrincipal;
}
