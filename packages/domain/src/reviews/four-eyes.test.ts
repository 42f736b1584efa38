import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.ts';
import { approvalsRequired, reviewStep } from './four-eyes.ts';

const base = {
  applicantId: 'm1',
  staffId: 's1',
  decision: 'approve' as const,
  priorApprovers: [] as string[],
  approvalsRequired: 1 as const,
};

describe('one review step: own case, four eyes, final decisions', () => {
  it('refuses a staff member deciding their own application, approve or reject', () => {
    expect(reviewStep({ ...base, staffId: 'm1' })).toEqual({ kind: 'refused', reason: 'ownCase' });
    expect(reviewStep({ ...base, staffId: 'm1', decision: 'reject' })).toEqual({ kind: 'refused', reason: 'ownCase' });
  });

  it('decides at once below the threshold', () => {
    expect(reviewStep(base)).toEqual({ kind: 'final', approved: true });
    expect(reviewStep({ ...base, decision: 'reject' })).toEqual({ kind: 'final', approved: false });
  });

  it('needs a second, different reviewer above the threshold', () => {
    expect(reviewStep({ ...base, approvalsRequired: 2 })).toEqual({ kind: 'firstApproval' });
    expect(reviewStep({ ...base, approvalsRequired: 2, priorApprovers: ['s1'] })).toEqual({
      kind: 'refused',
      reason: 'alreadyDecidedByYou',
    });
    expect(reviewStep({ ...base, approvalsRequired: 2, priorApprovers: ['s2'] })).toEqual({
      kind: 'final',
      approved: true,
    });
  });

  it('lets the second reviewer reject after a first approval', () => {
    expect(reviewStep({ ...base, approvalsRequired: 2, priorApprovers: ['s2'], decision: 'reject' })).toEqual({
      kind: 'final',
      approved: false,
    });
  });
});

describe('which applications need four eyes', () => {
  const threshold = new Decimal('1000000');
  it('counts JPY amounts at or above the threshold', () => {
    expect(approvalsRequired({ value: new Decimal('999999'), currency: 'JPY' }, threshold)).toBe(1);
    expect(approvalsRequired({ value: new Decimal('1000000'), currency: 'JPY' }, threshold)).toBe(2);
  });
  it('asks two reviewers for any other currency and one for applications without money', () => {
    expect(approvalsRequired({ value: new Decimal('1'), currency: 'USD' }, threshold)).toBe(2);
    expect(approvalsRequired(null, threshold)).toBe(1);
  });
});
