import type { z } from 'zod';
import type { CallContract } from '@kabuto/contracts/call';

export type AnyCall = CallContract<z.ZodType, z.ZodType>;

/**
 * What the client needs of a contract at run time: its path. Typed by the contract through `import type`,
 * so a screen that only calls the API does not download zod (DESIGN "Front end" → Delivery).
 */
export interface CallRef<C extends AnyCall> {
  readonly path: string;
  /** Never set: carries the contract's request and response types. */
  readonly contract?: C;
}

export function callRef<C extends AnyCall>(path: string): CallRef<C> {
  return { path };
}
