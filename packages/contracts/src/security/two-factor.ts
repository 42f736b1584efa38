import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { anyPasswordField, idField, reasonField } from '../fields.ts';
import { adminPolicies } from '../admin/policies.ts';

// Issue 27 "Two-factor authentication": TOTP (RFC 6238) turned on in settings with a QR code and ten one-time recovery
// codes. Rules: packages/domain/src/security/two-factor-code.ts (the server reads the code's exact shape there).

/**
 * A six-digit code or a recovery code as typed (full-width digits, spaces and a hyphen allowed); the exact shape
 * (six digits, or ten recovery characters) is checked by the domain's `readCode` before any attempt is counted.
 */
export const twoFactorCodeField = z
  .string({ error: errorKeys.security.codeRequired })
  .trim()
  .min(1, { error: errorKeys.security.codeRequired })
  .max(24, { error: errorKeys.security.codeFormat })
  .regex(/^[0-9A-Za-z\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A \u3000-]+$/, { error: errorKeys.security.codeFormat });

/** On a withdrawal or a bank-card change: required (`errors.security.codeRequired`) only while two-step sign-in is on. */
export const secondFactorField = twoFactorCodeField.optional();

export const twoFactorStatusSchema = z.object({
  /** On: sign-in, withdrawals and bank-card changes ask for a code. */
  enabled: z.boolean(),
  /** A secret was created and waits for its first code. */
  pending: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Recovery codes not yet used (0 while off). */
  recoveryCodesLeft: z.number().int(),
});

export const twoFactorStatusCall = defineCall({
  policy: memberCall,
  path: 'user/twoFactor/status',
  summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
  request: z.object({}),
  response: twoFactorStatusSchema,
});

export const twoFactorSetupCall = defineCall({
  policy: memberCall,
  path: 'user/twoFactor/setup',
  summary: 'Start turning two-step sign-in on: a new secret as a QR code (SVG) and as text for manual entry',
  request: z.object({}),
  response: z.object({
    /** Base32, in groups of four for typing; shown only now, never again once confirmed. */
    secret: z.string(),
    /** The otpauth:// address the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG document. */
    qrSvg: z.string(),
  }),
});

export const twoFactorEnableCall = defineCall({
  policy: memberCall,
  path: 'user/twoFactor/enable',
  summary:
    'Confirm the new secret with a code from the app: two-step sign-in is on; the ten recovery codes, shown once',
  request: z.object({ code: twoFactorCodeField }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const twoFactorDisableCall = defineCall({
  policy: memberCall,
  path: 'user/twoFactor/disable',
  summary: 'Turn two-step sign-in off with a valid code (or a recovery code) and the login password',
  request: z.object({ code: twoFactorCodeField, loginPassword: anyPasswordField }),
  response: z.null(),
});

export const twoFactorRecoveryCodesCall = defineCall({
  policy: memberCall,
  path: 'user/twoFactor/recoveryCodes',
  summary:
    'Ten new recovery codes for the ones used up or lost, with a valid code (or a recovery code) and the login password; the old ones stop working; shown once',
  request: z.object({ code: twoFactorCodeField, loginPassword: anyPasswordField }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const adminTwoFactorStatusCall = defineCall({
  policy: adminPolicies.twoFactorStatus,
  path: 'admin/members/twoFactor',
  summary: 'Staff: whether a member has two-step sign-in on, since when, and how many recovery codes are left',
  request: z.object({ memberId: idField }),
  response: twoFactorStatusSchema,
});

export const adminTwoFactorResetCall = defineCall({
  policy: adminPolicies.twoFactorReset,
  path: 'admin/members/twoFactorReset',
  summary:
    'Staff: turn a member’s two-step sign-in off when they lost their phone and their recovery codes (identity checked by support), with the reason; audited',
  request: z.object({ memberId: idField, reason: reasonField }),
  response: z.null(),
});
