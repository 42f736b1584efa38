import { z } from 'zod';
import { noticeTopics } from '@kabuto/domain/notices/notice-of-event';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { isoTime, pageFields } from '../fields.ts';

// Issue 27 "Notices and price alerts": /user/notices (the member's notices, unread state, mark read) and /user/alerts
// (price alerts set from the stock detail). Rules: packages/domain/src/notices.

/** What a notice is about: the domain's list (one list, the server's and the screens'). */
export const noticeTopicValues = noticeTopics;

/** A notice as stored: a catalogue key and its parameters, said in the member's language when shown. */
export const noticeSchema = z.object({
  id: z.string(),
  topic: z.enum(noticeTopicValues),
  key: z.string(),
  params: z.record(z.string(), z.string()),
  /** The in-app address it opens (a SPEC §2 route with its query), or null. */
  link: z.string().nullable(),
  createdAt: isoTime,
  read: z.boolean(),
});
export type NoticeWire = z.infer<typeof noticeSchema>;

const noticeIdField = z
  .string({ error: errorKeys.notices.notFound })
  .regex(/^[1-9]\d{0,17}$/, { error: errorKeys.notices.notFound });

export const noticeListCall = defineCall({
  policy: memberCall,
  path: 'user/notices/list',
  summary: 'The member’s notices, newest first, with the unread count',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(noticeSchema), total: z.number().int(), unread: z.number().int() }),
});

export const noticeUnreadCall = defineCall({
  policy: memberCall,
  path: 'user/notices/unread',
  summary: 'How many of the member’s notices are unread (the bell’s badge)',
  request: z.object({}),
  response: z.object({ unread: z.number().int() }),
});

export const noticeReadCall = defineCall({
  policy: memberCall,
  path: 'user/notices/read',
  summary: 'Marks one of the member’s notices read (id), or every one (all: true); answers the unread count',
  // One object (the OpenAPI document describes every body as an object): exactly one of `id` and `all`.
  request: z
    .object({ id: noticeIdField.optional(), all: z.literal(true).optional() })
    .strict()
    .refine((body) => (body.id === undefined) !== (body.all === undefined), { error: errorKeys.request.invalid }),
  response: z.object({ unread: z.number().int() }),
});

export const alertKindValues = ['above', 'below', 'move'] as const;
export const alertStates = ['active', 'fired'] as const;

/** A price alert: crosses above or below a price, or moves ±percent in a day from the previous close. */
export const alertSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(alertKindValues),
  price: z.string().nullable(),
  percent: z.string().nullable(),
  state: z.enum(alertStates),
  createdAt: isoTime,
  firedAt: isoTime.nullable(),
  firedPrice: z.string().nullable(),
});
export type AlertWire = z.infer<typeof alertSchema>;

const alertIdField = z
  .string({ error: errorKeys.alerts.notFound })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: errorKeys.alerts.notFound });

export const alertListCall = defineCall({
  policy: memberCall,
  path: 'user/alerts/list',
  summary: 'The member’s price alerts, waiting ones first, then those that fired, newest first',
  request: z.object({}),
  response: z.object({ items: z.array(alertSchema) }),
});

export const alertCreateCall = defineCall({
  policy: memberCall,
  path: 'user/alerts/create',
  summary: 'Sets a price alert on a stock: above/below a price on its tick grid, or a move of ±percent (0 < p < 100)',
  request: z.object({
    symbol: z
      .string({ error: errorKeys.market.unknownSymbol })
      .regex(/^[0-9A-Z]{4}$/, { error: errorKeys.market.unknownSymbol }),
    kind: z.string({ error: errorKeys.alerts.kindInvalid }).max(16, { error: errorKeys.alerts.kindInvalid }),
    // Decimal text; the domain reads it strictly (checkAlert) so the sheet and the server agree.
    price: z
      .string({ error: errorKeys.alerts.priceInvalid })
      .max(24, { error: errorKeys.alerts.priceInvalid })
      .optional(),
    percent: z
      .string({ error: errorKeys.alerts.percentInvalid })
      .max(12, { error: errorKeys.alerts.percentInvalid })
      .optional(),
  }),
  response: alertSchema,
});

export const alertDeleteCall = defineCall({
  policy: memberCall,
  path: 'user/alerts/delete',
  summary: 'Deletes one of the member’s price alerts (waiting or fired)',
  request: z.object({ id: alertIdField }),
  response: z.object({}),
});
