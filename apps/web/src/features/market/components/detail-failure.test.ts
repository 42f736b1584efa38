import { describe, expect, it } from 'vitest';
import { detailFailureOf } from './detail-failure.ts';
import { ApiError } from '../../../shared/api/http-client.ts';

describe('why a stock detail failed (issue 16 §3)', () => {
  it('calls a stock missing only when the server says the code is unknown', () => {
    expect(detailFailureOf(new ApiError('refusal', 'errors.market.unknownSymbol', 404))).toBe('missing');
    expect(detailFailureOf(new ApiError('refusal', 'errors.request.invalid', 400))).toBe('failed');
    expect(detailFailureOf(new ApiError('http', 'notice.requestFailed', 404))).toBe('failed');
  });

  it('tells a rate limit, a busy server, a lost connection and anything else apart', () => {
    expect(detailFailureOf(new ApiError('refusal', 'errors.process.tooFrequent', 429))).toBe('tooFrequent');
    expect(detailFailureOf(new ApiError('http', 'notice.requestFailed', 429))).toBe('tooFrequent');
    expect(detailFailureOf(new ApiError('refusal', 'errors.process.busy', 409))).toBe('busy');
    expect(detailFailureOf(new ApiError('http', 'notice.requestFailed', 503))).toBe('busy');
    expect(detailFailureOf(new ApiError('network', 'notice.network', null))).toBe('offline');
    expect(detailFailureOf(new ApiError('timeout', 'notice.timeout', null))).toBe('offline');
    expect(detailFailureOf(new Error('boom'))).toBe('failed');
  });
});
