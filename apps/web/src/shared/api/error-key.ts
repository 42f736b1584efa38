import { ApiError, clientNoticeKeys } from './http-client.ts';

/** The message key to show under a form for a failed call. */
export function errorKeyOf(error: unknown): string {
  return error instanceof ApiError ? error.messageKey : clientNoticeKeys.requestFailed;
}
