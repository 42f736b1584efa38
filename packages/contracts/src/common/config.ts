import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';

// SPEC §7: POST /common/config {type: 'all'} → data is a list of {name, value}.
export const configCall = defineCall({
  policy: publicCall,
  path: 'common/config',
  summary: 'Startup configuration (title, logo, …) as name/value pairs',
  request: z.object({ type: z.literal('all') }),
  response: z.array(z.object({ name: z.string(), value: z.string() })),
});
