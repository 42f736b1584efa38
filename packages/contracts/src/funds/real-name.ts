import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { idNumberPattern } from '../formats.ts';

export const realNameStatusCall = defineCall({
  policy: memberCall,
  path: 'user/realName/status',
  summary: 'Real-name verification status, the submitted name and the reason of a rejection',
  request: z.object({}),
  response: z.object({
    status: z.enum(['unverified', 'pending', 'verified', 'rejected']),
    realName: z.string().nullable(),
    idNumberMasked: z.string().nullable(),
    reason: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
});

export const realNameSubmitCall = defineCall({
  policy: memberCall,
  path: 'user/realName/submit',
  summary: 'Submit real name, ID number and the two uploaded ID images for review',
  request: z.object({
    realName: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(64, { error: errorKeys.request.invalid }),
    idNumber: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .regex(idNumberPattern, { error: errorKeys.request.invalid }),
    frontImageId: z.uuid({ error: errorKeys.upload.notFound }),
    backImageId: z.uuid({ error: errorKeys.upload.notFound }),
  }),
  response: z.object({ status: z.literal('pending') }),
});

export const uploadPurposes = ['id_front', 'id_back', 'deposit_receipt', 'support_chat'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Multipart call (fields `purpose`, `file`): only the answer has a JSON contract. */
export const uploadImageCall = defineCall({
  policy: memberCall,
  path: 'upload/image',
  summary: 'Upload a JPG, PNG or GIF (checked by content, at most 5 MB); multipart fields purpose and file',
  request: z.object({ purpose: z.enum(uploadPurposes) }),
  response: z.object({
    id: z.string(),
    purpose: z.enum(uploadPurposes),
    contentType: z.string(),
    size: z.number().int(),
  }),
});

/** Answers the image bytes, to the owner and to staff only. */
export const viewImageCall = defineCall({
  policy: memberCall,
  path: 'upload/view',
  summary: 'The bytes of an uploaded image, for its owner and for staff',
  request: z.object({ id: z.uuid({ error: errorKeys.upload.notFound }) }),
  response: z.unknown(),
});
