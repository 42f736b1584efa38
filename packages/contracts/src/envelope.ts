import { z } from 'zod';

// DESIGN "API conventions": every answer is {status, msg, data}; status 1 success, 0 refusal.
export type Envelope<T> = { status: 1; msg: string; data: T } | { status: 0; msg: string; data: null };

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), msg: z.string(), data });
}
export const refusalSchema = z.object({ status: z.literal(0), msg: z.string(), data: z.null() });
