// The two-factor module's public surface (issue 27): other modules import only this file.
export { requireSecondFactor } from './two-factor-code.ts';
export { requireStaffTwoFactor } from './staff-guard.ts';
export { twoFactorAdminRoutes, twoFactorRoutes } from './two-factor.routes.ts';
export { signInSecondStep, twoFactorAdminService, twoFactorService } from './two-factor.service.ts';
export type { SignInSecondStep } from './two-factor.service.ts';
