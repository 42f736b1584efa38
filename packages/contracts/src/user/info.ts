import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { restrictionKinds, staffRoleField } from '../fields.ts';

export const restrictionSchema = z.object({
  kind: z.enum(restrictionKinds),
  reason: z.string(),
  since: z.string(),
});

export const userInfoCall = defineCall({
  policy: memberCall,
  path: 'user/info',
  summary: 'The signed-in member: account, invitation code, verification status, restrictions',
  request: z.object({}),
  response: z.object({
    account: z.string(),
    inviteCode: z.string(),
    realNameStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']),
    hasFundPassword: z.boolean(),
    is_admin: z.union([z.literal(0), z.literal(1)]),
    role: staffRoleField.nullable(),
    restrictions: z.array(restrictionSchema),
    createdAt: z.string(),
  }),
});
