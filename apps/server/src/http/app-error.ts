import type { ErrorKey } from '@kabuto/contracts/errors';

// STYLE §12: refusals are values with a catalogued key and an HTTP status.
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const refuse = (key: ErrorKey, httpStatus: AppError['httpStatus'] = 400): AppError => new AppError(key, httpStatus);
