import type { z } from 'zod';
import type { CallContract } from '@kabuto/contracts/call';

export type AnyCall = CallContract<z.ZodType, z.ZodType>;

/**
 * What the client needs of a contract at run time: its path. Typed by the contract through `import type`,
 * so the web app never downloads zod (DESIGN "Front end" → Delivery); the contract's literal path type makes
 * a reference to the wrong path a type error.
 */
export interface CallRef<C extends AnyCall> {
  readonly path: string;
  /** Never set: carries the contract's request and response types. */
  readonly contract?: C;
}

export function callRef<C extends AnyCall>(path: C['path']): CallRef<C> {
  return { path };
}
