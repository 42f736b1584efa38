import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  challengeExpiry,
  formatRecoveryCode,
  readCode,
  recoveryAlphabet,
  secondsToNextStep,
  stepIsFresh,
  timeStepOf,
  totpRules,
} from './two-factor-code.ts';

describe('reading what the member typed as a code', () => {
  it('reads six digits as a TOTP code, also typed full-width or with spaces', () => {
    expect(readCode('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode('１２３４５６')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
  });

  it('refuses a wrong length or letters in a six-digit code', () => {
    for (const bad of ['', '12345', '1234567', '12a456', 'abcdef', '12345６x', '۱۲۳۴۵۶'])
      expect(readCode(bad)).toBeNull();
  });

  it('reads a recovery code in either case, with or without its hyphen', () => {
    expect(readCode('ABCDE-FGHJK')).toEqual({ kind: 'recovery', code: 'ABCDEFGHJK' });
    expect(readCode('abcde fghjk')).toEqual({ kind: 'recovery', code: 'ABCDEFGHJK' });
  });

  it('refuses a recovery code with a look-alike character or of the wrong length', () => {
    expect(readCode('ABCDE-FGHJ0')).toBeNull();
    expect(readCode('ABCDE-FGHJKM')).toBeNull();
  });

  it('reads back every recovery code it formats', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...recoveryAlphabet), { minLength: 10, maxLength: 10 }), (chars) => {
        const code = chars.join('');
        expect(readCode(formatRecoveryCode(code))).toEqual({ kind: 'recovery', code });
      }),
    );
  });
});

describe('a code is accepted once', () => {
  it('accepts any step when none was accepted yet', () => {
    expect(stepIsFresh(0, null)).toBe(true);
  });

  it('refuses the same step (a replay) and an earlier one inside the drift window', () => {
    expect(stepIsFresh(100, 100)).toBe(false);
    expect(stepIsFresh(99, 100)).toBe(false);
    expect(stepIsFresh(101, 100)).toBe(true);
  });

  it('puts every instant of a 30-second step in that step', () => {
    const start = new Date('2026-11-20T01:00:00Z');
    const step = timeStepOf(start);
    expect(timeStepOf(new Date(start.getTime() + 29_999))).toBe(step);
    expect(timeStepOf(new Date(start.getTime() + 30_000))).toBe(step + 1);
    expect(secondsToNextStep(start)).toBe(totpRules.periodSeconds);
    expect(secondsToNextStep(new Date(start.getTime() + 29_000))).toBe(1);
  });

  it('lets a sign-in challenge wait five minutes for its code', () => {
    const now = new Date('2026-11-20T01:00:00Z');
    expect(challengeExpiry(now)).toEqual(new Date('2026-11-20T01:05:00Z'));
  });
});
