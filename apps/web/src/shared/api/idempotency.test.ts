import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { ApiError } from './http-client.ts';
import { IdempotentSubmission } from './idempotency.ts';

function submission() {
  let n = 0;
  return new IdempotentSubmission(() => `key-${String(++n)}`);
}

describe('idempotency key per submission (DESIGN "API conventions")', () => {
  it('reuses the key when the same values are retried after a timeout or lost connection', () => {
    const s = submission();
    const body = { amount: '10000', channelId: 'c1' };
    expect(s.keyFor(body)).toBe('key-1');
    s.settle(new ApiError('timeout', 'notice.timeout', null));
    expect(s.keyFor({ ...body })).toBe('key-1');
    s.settle(new ApiError('network', 'notice.network', null));
    expect(s.keyFor(body)).toBe('key-1');
    s.settle(new ApiError('refusal', errorKeys.idempotency.inProgress, 409));
    expect(s.keyFor(body)).toBe('key-1');
  });

  it('starts a new submission after success, after a definite refusal, or when the values change', () => {
    const s = submission();
    expect(s.keyFor({ amount: '1' })).toBe('key-1');
    s.settle();
    expect(s.keyFor({ amount: '1' })).toBe('key-2');
    s.settle(new ApiError('refusal', errorKeys.funds.insufficientAvailable, 422));
    expect(s.keyFor({ amount: '1' })).toBe('key-3');
    s.settle(new ApiError('timeout', 'notice.timeout', null));
    expect(s.keyFor({ amount: '2' })).toBe('key-4');
  });

  it('puts the key in the Idempotency-Key header', () => {
    expect(submission().headersFor({})).toEqual({ 'Idempotency-Key': 'key-1' });
  });
});
