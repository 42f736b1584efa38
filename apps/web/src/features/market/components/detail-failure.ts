import { errorKeys } from '@kabuto/contracts/errors';
import { ApiError } from '../../../shared/api/http-client.ts';

/** Why a stock's detail could not be shown; only `missing` means the stock does not exist. */
export type DetailFailure = 'missing' | 'tooFrequent' | 'busy' | 'offline' | 'failed';

/**
 * Only the server's unknown-symbol key says a code names no stock; a rate limit, a busy or failing server and a
 * lost connection are passing, so the screen says which and offers a retry instead of "not found".
 */
export function detailFailureOf(error: unknown): DetailFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.messageKey === errorKeys.market.unknownSymbol) return 'missing';
  if (error.httpStatus === 429 || error.messageKey === errorKeys.process.tooFrequent) return 'tooFrequent';
  if (error.messageKey === errorKeys.process.busy || (error.httpStatus ?? 0) >= 500) return 'busy';
  if (error.kind === 'network' || error.kind === 'timeout') return 'offline';
  return 'failed';
}

/** The sentence under "Could not load the quote" for each failure (`missing` has a screen of its own). */
export const detailFailureMessageKeys: Record<DetailFailure, string> = {
  missing: 'marketDetail.missingBody',
  tooFrequent: 'marketDetail.failure.tooFrequent',
  busy: 'marketDetail.failure.busy',
  offline: 'marketDetail.loadFailedBody',
  failed: 'marketDetail.failure.failed',
};
