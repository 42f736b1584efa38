import { useRef } from 'react';
import { errorKeys } from '@kabuto/contracts/errors';
import { ApiError } from './http-client.ts';

/** The header money-moving calls carry (DESIGN "API conventions": a retry returns the first answer). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** True when the server may or may not have done the work: the same submission must be retried with the same key. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'canceled') return true;
  if (error.kind === 'http') return error.httpStatus === null || error.httpStatus >= 500;
  return error.messageKey === errorKeys.idempotency.inProgress;
}

/**
 * One key per form submission: created when the member first submits these values, reused when they
 * retry the same values after an unknown outcome, and dropped once the server has answered for sure
 * (success or refusal) or the values change.
 */
export class IdempotentSubmission {
  private current: { key: string; fingerprint: string } | null = null;
  private readonly newKey: () => string;

  constructor(newKey: () => string = () => crypto.randomUUID()) {
    this.newKey = newKey;
  }

  keyFor(body: unknown): string {
    const fingerprint = JSON.stringify(body);
    if (this.current?.fingerprint !== fingerprint) this.current = { key: this.newKey(), fingerprint };
    return this.current.key;
  }

  /** Call after every attempt: keep the key only when the outcome is unknown. */
  settle(error?: unknown): void {
    if (error === undefined || !outcomeUnknown(error)) this.current = null;
  }

  headersFor(body: unknown): Record<string, string> {
    return { [IDEMPOTENCY_HEADER]: this.keyFor(body) };
  }
}

export function useIdempotentSubmission(): IdempotentSubmission {
  const ref = useRef<IdempotentSubmission | null>(null);
  ref.current ??= new IdempotentSubmission();
  return ref.current;
}
