import {
  adminTwoFactorResetCall,
  adminTwoFactorStatusCall,
  twoFactorDisableCall,
  twoFactorEnableCall,
  twoFactorRecoveryCodesCall,
  twoFactorSetupCall,
  twoFactorStatusCall,
} from '@kabuto/contracts/security/two-factor';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff, route, type Route } from '../http/public.ts';
import type { TwoFactorAdminService, TwoFactorService } from './two-factor.service.ts';

export function twoFactorRoutes(s: TwoFactorService): Route[] {
  return [
    route({ call: twoFactorStatusCall, handler: ({ principal }) => s.status(principal) }),
    route({ call: twoFactorSetupCall, handler: ({ principal }) => s.setup(principal) }),
    route({
      call: twoFactorEnableCall,
      success: successKeys.changed,
      handler: ({ principal, body }) => s.enable(principal, body.code),
    }),
    route({
      call: twoFactorRecoveryCodesCall,
      success: successKeys.changed,
      handler: ({ principal, body }) => s.renewRecoveryCodes(principal, body),
    }),
    route({
      call: twoFactorDisableCall,
      success: successKeys.changed,
      handler: ({ principal, body }) => s.disable(principal, body),
    }),
  ];
}

/** The back office's view of members' two-step sign-in, and support's reset (issue 27). */
export function twoFactorAdminRoutes(s: TwoFactorAdminService): Route[] {
  return [
    route({ call: adminTwoFactorStatusCall, handler: ({ body }) => s.status(body.memberId) }),
    route({
      call: adminTwoFactorResetCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.reset(asStaff(principal), body, requestId),
    }),
  ];
}
