import { z } from 'zod';
import { defineCall } from '../call.ts';
import { langField, pageFields, reasonField } from '../fields.ts';
import { errorKeys } from '../errors.ts';
import { adminPolicies } from './policies.ts';

const text = (max: number) =>
  z
    .string({ error: errorKeys.request.invalid })
    .trim()
    .min(1, { error: errorKeys.request.invalid })
    .max(max, { error: errorKeys.request.invalid });

export const adminNewsItemSchema = z.object({
  id: z.string(),
  lang: langField,
  title: z.string(),
  source: z.string(),
  publishedAt: z.string(),
  unpublishedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});

export const adminNewsListCall = defineCall({
  policy: adminPolicies.newsList,
  path: 'admin/news/list',
  summary: 'Staff: every article, published and withdrawn, newest first',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(adminNewsItemSchema), total: z.number().int() }),
});

export const adminNewsPublishCall = defineCall({
  policy: adminPolicies.newsPublish,
  path: 'admin/news/publish',
  summary: 'Staff: publish an article in one language (plain text)',
  request: z.object({ lang: langField, title: text(200), body: text(20000), source: text(100) }),
  response: adminNewsItemSchema,
});

export const adminNewsUnpublishCall = defineCall({
  policy: adminPolicies.newsUnpublish,
  path: 'admin/news/unpublish',
  summary: 'Staff: withdraw a published article, with a reason',
  request: z.object({
    id: z
      .string()
      .trim()
      .regex(/^\d{1,18}$/, { error: errorKeys.news.notFound }),
    reason: reasonField,
  }),
  response: adminNewsItemSchema,
});
