import { z } from 'zod';
import { publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { langField, pageFields } from '../fields.ts';
import { errorKeys } from '../errors.ts';

export const newsSummarySchema = z.object({
  id: z.string(),
  lang: langField,
  title: z.string(),
  source: z.string(),
  publishedAt: z.string(),
});

export const newsListCall = defineCall({
  policy: publicCall,
  path: 'news/list',
  summary: 'Published news in one language, newest first',
  request: z.object({ lang: langField.default('jp'), ...pageFields }),
  response: z.object({ items: z.array(newsSummarySchema), total: z.number().int() }),
});

export const newsDetailCall = defineCall({
  policy: publicCall,
  path: 'news/detail',
  summary: 'One published article (plain text; the client renders it as text)',
  request: z.object({
    id: z
      .string()
      .trim()
      .regex(/^\d{1,18}$/, { error: errorKeys.news.notFound }),
  }),
  response: newsSummarySchema.extend({ body: z.string() }),
});
