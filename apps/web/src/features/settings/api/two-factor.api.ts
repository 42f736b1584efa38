import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  twoFactorDisableCall,
  twoFactorEnableCall,
  twoFactorRecoveryCodesCall,
  twoFactorSetupCall,
  twoFactorStatusCall,
} from '@kabuto/contracts/security/two-factor';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const statusRef = callRef<typeof twoFactorStatusCall>('user/twoFactor/status');
const setupRef = callRef<typeof twoFactorSetupCall>('user/twoFactor/setup');
const enableRef = callRef<typeof twoFactorEnableCall>('user/twoFactor/enable');
const disableRef = callRef<typeof twoFactorDisableCall>('user/twoFactor/disable');
const renewRef = callRef<typeof twoFactorRecoveryCodesCall>('user/twoFactor/recoveryCodes');

export type TwoFactorStatus = ResponseOf<typeof twoFactorStatusCall>;
export type TwoFactorSetup = ResponseOf<typeof twoFactorSetupCall>;

/** Starts with the call's path and carries the session token, as the other `user/…` queries. */
export const twoFactorKey = (token: string) => [statusRef.path, token] as const;

export const fetchTwoFactorStatus = (signal?: AbortSignal) => api.call(statusRef, {}, signal ? { signal } : {});
export const startTwoFactorSetup = () => api.call(setupRef, {});
export const enableTwoFactor = (body: RequestOf<typeof twoFactorEnableCall>) => api.call(enableRef, body);
export const disableTwoFactor = (body: RequestOf<typeof twoFactorDisableCall>) => api.call(disableRef, body);
export const renewRecoveryCodes = (body: RequestOf<typeof twoFactorRecoveryCodesCall>) => api.call(renewRef, body);
