// STYLE §9 and issue 6 §3: who may make a call is part of its contract, so the server's route
// check and the back office's navigation read one source. (No zod here: types and constants only.)

export const staffRoleNames = ['admin', 'reviewer', 'support', 'auditor'] as const;
export type StaffRoleName = (typeof staffRoleNames)[number];

export type PublicPolicy = { readonly kind: 'public' };
export type MemberPolicy = { readonly kind: 'member' };
export type StaffPolicy = { readonly kind: 'staff'; readonly roles: readonly StaffRoleName[] };
export type CallPolicy = PublicPolicy | MemberPolicy | StaffPolicy;

export const publicCall: PublicPolicy = { kind: 'public' };
export const memberCall: MemberPolicy = { kind: 'member' };
export const staffCall = (...roles: StaffRoleName[]): StaffPolicy => ({ kind: 'staff', roles });

/** Whether a staff role may make a call with this policy. */
export const roleMay = (policy: CallPolicy, role: StaffRoleName): boolean =>
  policy.kind === 'staff' && policy.roles.includes(role);
