import type { z } from 'zod';
import type { CallPolicy } from './policy.ts';

// One call = its path under /api/vue/, who may make it, and the request and response schemas (STYLE §5).
export interface CallContract<
  Req extends z.ZodType,
  Res extends z.ZodType,
  P extends CallPolicy = CallPolicy,
  Path extends string = string,
> {
  /** Kept as its literal type, so a client's `callRef` to it cannot name another path (apps/web/src/shared/api/call-ref.ts). */
  path: Path;
  policy: P;
  request: Req;
  response: Res;
  summary: string;
}

export function defineCall<
  Req extends z.ZodType,
  Res extends z.ZodType,
  P extends CallPolicy,
  const Path extends string,
>(c: CallContract<Req, Res, P, Path>): CallContract<Req, Res, P, Path> {
  return c;
}

export type RequestOf<C> = C extends CallContract<infer Req, z.ZodType, CallPolicy> ? z.input<Req> : never;
export type ResponseOf<C> = C extends CallContract<z.ZodType, infer Res, CallPolicy> ? z.output<Res> : never;
