import type { z } from 'zod';

// One call = its path under /api/vue/ and the request and response schemas (STYLE §5).
export interface CallContract<Req extends z.ZodType, Res extends z.ZodType> {
  path: string;
  request: Req;
  response: Res;
  summary: string;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(c: CallContract<Req, Res>): CallContract<Req, Res> {
  return c;
}

export type RequestOf<C> = C extends CallContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends CallContract<z.ZodType, infer Res> ? z.output<Res> : never;
