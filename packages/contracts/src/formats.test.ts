import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminChannelSaveCall } from './admin/settings.ts';
import { bankCardAddCall } from './funds/bank-cards.ts';
import { realNameSubmitCall } from './funds/real-name.ts';
import { accountField, amountField, newPasswordField, reasonField } from './fields.ts';
import {
  accountIssue,
  amountIssue,
  bankCardPatterns,
  channelAccountNumberPattern,
  depositChannelIssue,
  fundPinIssue,
  idNumberPattern,
  newPasswordIssue,
  patternIssue,
  reasonIssue,
  textIssue,
} from './formats.ts';
import { fundPasswordField } from './user/passwords.ts';

/** The key the server's schema reports first for a value, or null when it passes. */
function schemaIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

// Strings near each format: digits, letters, signs, spaces, of lengths around the bounds.
const near = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^\s?\d{0,22}(\.\d{0,3})?\s?$/),
  fc.stringMatching(/^[A-Za-z0-9]{0,12}$/),
  fc.stringMatching(/^[A-Z]{3,5}0[A-Z0-9]{5,7}$/),
  fc.stringMatching(/^[a-z.]{1,6}@[a-z]{1,4}$/),
  fc.string({ minLength: 60, maxLength: 140 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '0.00',
    '0.01',
    '1',
    '0901234567',
    'abc12345',
    'ABCD0123456',
    'a@bank',
    'x'.repeat(501),
    ` ${'y'.repeat(64)} `,
  ),
);

describe('field formats the screens check agree with the schemas the server checks', () => {
  const pairs: [string, (v: string) => string | null, z.ZodType][] = [
    ['account', accountIssue, accountField],
    ['new password', newPasswordIssue, newPasswordField],
    ['fund PIN', fundPinIssue, fundPasswordField],
    ['amount', amountIssue, amountField],
    ['reason', reasonIssue, reasonField],
  ];
  for (const [name, issue, schema] of pairs) {
    it(`${name}: the same first message key for every value`, () => {
      fc.assert(
        fc.property(near, (value) => {
          expect(issue(value)).toBe(schemaIssue(schema, value));
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('bank card and real-name fields: the same verdict for every value', () => {
    const card = bankCardAddCall.request.shape;
    const person = realNameSubmitCall.request.shape;
    const checks: [(v: string) => string | null, z.ZodType][] = [
      [(v) => textIssue(v, 64), card.bankName],
      [(v) => patternIssue(v, bankCardPatterns.branchCode), card.branchCode],
      [(v) => patternIssue(v, bankCardPatterns.cardNumber), card.cardNumber],
      [(v) => patternIssue(v, bankCardPatterns.ifsc), card.ifsc],
      [(v) => patternIssue(v, bankCardPatterns.upi), card.upi],
      [(v) => textIssue(v, 64), person.realName],
      [(v) => patternIssue(v, idNumberPattern), person.idNumber],
    ];
    fc.assert(
      fc.property(near, (value) => {
        for (const [issue, schema] of checks) expect(issue(value) === null).toBe(schemaIssue(schema, value) === null);
      }),
      { numRuns: 2000 },
    );
  });

  it('a deposit channel draft: valid for the screen exactly when valid for the server', () => {
    const valid = {
      name: 'Main',
      bankName: 'Kabuto Bank',
      branchName: 'Head',
      accountType: 'ordinary',
      accountNumber: '1234567',
      accountHolder: 'Kabuto KK',
      min: '1000',
      max: '100000',
    };
    const field = fc.constantFrom(...(Object.keys(valid) as (keyof typeof valid)[]));
    fc.assert(
      fc.property(field, near, (key, value) => {
        const draft = { ...valid, [key]: value };
        const server = adminChannelSaveCall.request.safeParse({
          ...draft,
          windowRule: 'profile',
          active: true,
        }).success;
        expect(depositChannelIssue(draft) === null).toBe(server);
      }),
      { numRuns: 3000 },
    );
    expect(channelAccountNumberPattern.test('1234')).toBe(true);
  });
});
