import { describe, expect, it } from 'vitest';
import { allErrorKeys, errorKeys } from '@kabuto/contracts/errors';
import { refusalStatus } from './refusal-status.ts';

describe('one table decides the HTTP status of every refusal', () => {
  it('gives every catalogued key exactly one client-error status', () => {
    for (const key of allErrorKeys())
      expect([400, 401, 403, 404, 409, 413, 415, 422, 429]).toContain(refusalStatus[key]);
    expect(Object.keys(refusalStatus).sort()).toEqual([...allErrorKeys()].sort());
  });

  it('keeps the statuses members and clients rely on', () => {
    expect(refusalStatus[errorKeys.auth.required]).toBe(401);
    expect(refusalStatus[errorKeys.auth.forbidden]).toBe(403);
    expect(refusalStatus[errorKeys.review.ownCase]).toBe(403);
    expect(refusalStatus[errorKeys.order.notExist]).toBe(404);
    expect(refusalStatus[errorKeys.process.otherFundOperation]).toBe(409);
    expect(refusalStatus[errorKeys.funds.withdrawAboveMax]).toBe(422);
    expect(refusalStatus[errorKeys.password.fundLocked]).toBe(429);
    expect(refusalStatus[errorKeys.upload.tooLarge]).toBe(413);
  });
});
