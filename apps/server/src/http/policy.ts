import type { StaffRole } from '@kabuto/contracts/fields';

// STYLE §9: every route states who may call it.
export type PublicPolicy = { readonly kind: 'public' };
export type MemberPolicy = { readonly kind: 'member' };
export type StaffPolicy = { readonly kind: 'staff'; readonly roles: readonly StaffRole[] };
export type Policy = PublicPolicy | MemberPolicy | StaffPolicy;

export const publicPolicy: PublicPolicy = { kind: 'public' };
export const memberPolicy: MemberPolicy = { kind: 'member' };
export const staffPolicy = (...roles: StaffRole[]): StaffPolicy => ({ kind: 'staff', roles });

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
