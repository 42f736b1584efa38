// Issue 27 "Two-factor authentication": the rules of a sign-in code, pure (the server computes TOTP with `otpauth`).

/** RFC 6238 as authenticator apps default to: SHA-1, six digits, a 30-second step; one step of clock drift allowed. */
export const totpRules = {
  digits: 6,
  periodSeconds: 30,
  driftSteps: 1,
  recoveryCodeCount: 10,
  /** How long the second step of a sign-in waits for its code. */
  challengeMinutes: 5,
} as const;

/** Recovery codes: ten characters in two groups of five, without the look-alikes 0/O and 1/I/L. */
export const recoveryAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const recoveryLength = 10;

export type ReadCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

// GLOSSARY "Numbers": full-width digits and letters typed by a member are read as ordinary ones.
const halfWidth = (s: string): string =>
  s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

/**
 * What the member typed: a six-digit code, or a recovery code (hyphen, spaces and case ignored); null for anything
 * else (a wrong length, letters in a six-digit code), refused as a format error without counting as an attempt.
 */
export function readCode(input: string): ReadCode | null {
  const typed = halfWidth(input).replace(/[\s-]/g, '');
  if (new RegExp(`^\\d{${totpRules.digits}}$`).test(typed)) return { kind: 'totp', code: typed };
  const upper = typed.toUpperCase();
  if (upper.length === recoveryLength && [...upper].every((c) => recoveryAlphabet.includes(c))) {
    return { kind: 'recovery', code: upper };
  }
  return null;
}

/** A recovery code as shown to the member: `ABCDE-FGHJK`. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The RFC 6238 time step `now` falls in. */
export const timeStepOf = (now: Date): number => Math.floor(now.getTime() / 1000 / totpRules.periodSeconds);

/**
 * A code is accepted once: only a step later than the last one accepted for the member (null: none yet), so a code
 * seen by someone else, or an earlier one still inside the drift window, is refused as a replay.
 */
export const stepIsFresh = (step: number, lastAcceptedStep: number | null): boolean =>
  lastAcceptedStep === null || step > lastAcceptedStep;

/** When the sign-in challenge issued at `now` ends. */
export const challengeExpiry = (now: Date): Date => new Date(now.getTime() + totpRules.challengeMinutes * 60_000);

/** Seconds until the next step starts (what the enrolment screen and the tests wait for). */
export const secondsToNextStep = (now: Date): number =>
  totpRules.periodSeconds - (Math.floor(now.getTime() / 1000) % totpRules.periodSeconds);
