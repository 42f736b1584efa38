import type { z } from 'zod';
import type { CallPolicy } from './policy.ts';

// One call = its path under /api/vue/, who may make it, and the request and response schemas (STYLE §5).
export interface CallContract<Req extends z.ZodType, Res extends z.ZodType, P extends CallPolicy = CallPolicy> {
  path: string;
  policy: P;
  request: Req;
  response: Res;
  summary: string;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, P extends CallPolicy>(c: CallContract<Req, Res, P>): CallContract<Req, Res, P> {
  return c;
}

export type RequestOf<C> = C extends CallContract<infer Req, z.ZodType, CallPolicy> ? z.input<Req> : never;
export type ResponseOf<C> = C extends CallContract<z.ZodType, infer Res, CallPolicy> ? z.output<Res> : never;
