import { z } from 'zod';
import { memberCall, publicCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { restrictionKinds } from '../fields.ts';
import { supportBoxes, supportPolicies } from './policies.ts';

// Issue 27 "Online customer service": a member's (or a visitor's) conversation with support, and the back office's
// inbox. Text rules: packages/domain/src/support/message-text.ts (checked by the service, so the refusal is the
// domain's key; the contract only bounds the type).

/**
 * The random token a visitor's browser keeps (32 random bytes, base64url): the visitor's only name. The server keeps
 * its SHA-256, never the token.
 */
export const visitorTokenField = z
  .string({ error: errorKeys.support.visitorTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: errorKeys.support.visitorTokenInvalid });

/**
 * Text as typed; the domain checks it (2,000 characters after invisible ones are dropped). The bound here only keeps
 * the type finite: five times the limit in UTF-16 units (a 100 KB body is already refused by the body limit).
 */
const textField = z.string({ error: errorKeys.support.empty }).max(10_000, { error: errorKeys.support.tooLong });

const threadIdField = z
  .string({ error: errorKeys.support.threadNotFound })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: errorKeys.support.threadNotFound,
  });

const messageIdField = z
  .string({ error: errorKeys.request.invalid })
  .regex(/^(0|[1-9]\d{0,17})$/, { error: errorKeys.request.invalid });

export const supportAuthors = ['member', 'visitor', 'staff'] as const;

export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  /** Text exactly as stored: screens show it as text, never as markup. */
  body: z.string(),
  /** An image (read through `user/image/view`), or null. */
  imageId: z.string().nullable(),
  createdAt: z.string(),
  /** The other side has read it (staff for the member's messages; the member for staff's). */
  read: z.boolean(),
});
export type SupportMessageWire = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.object({
  /** Null until the first message. */
  id: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  messages: z.array(supportMessageSchema),
  /** Staff messages the member (or visitor) has not read. */
  unread: z.number().int(),
});
export type SupportThreadWire = z.infer<typeof supportThreadSchema>;

// Member side (`user/support/…`: every member event refetches `user/` queries on open screens).

export const supportThreadCall = defineCall({
  policy: memberCall,
  path: 'user/support/thread',
  summary:
    "The member's conversation with support, oldest first; with a visitor token, the visitor's conversation joins it",
  request: z.object({ visitorToken: visitorTokenField.optional() }),
  response: supportThreadSchema,
});

export const supportUnreadCall = defineCall({
  policy: memberCall,
  path: 'user/support/unread',
  summary: 'How many support replies the member has not read (the badge on every entry point)',
  request: z.object({}),
  response: z.object({ unread: z.number().int() }),
});

export const supportSendCall = defineCall({
  policy: memberCall,
  path: 'user/support/send',
  summary: 'Send a message: text (at most 2,000 characters) or an image uploaded with purpose support_chat',
  // One of the two: a text, or an image.
  request: z
    .object({
      text: textField.optional(),
      imageId: z.string({ error: errorKeys.upload.notFound }).max(64, { error: errorKeys.upload.notFound }).optional(),
    })
    .strict()
    .refine((b) => (b.text === undefined) !== (b.imageId === undefined), { error: errorKeys.request.invalid }),
  response: supportMessageSchema,
});

export const supportReadCall = defineCall({
  policy: memberCall,
  path: 'user/support/read',
  summary: 'The member has read support’s messages up to this id (read receipts, unread count)',
  request: z.object({ upTo: messageIdField }),
  response: z.object({ unread: z.number().int() }),
});

// Visitor side (public; rate-limited per address; text only).

export const visitorThreadCall = defineCall({
  policy: publicCall,
  path: 'support/visitor/thread',
  summary: "A visitor's conversation with support, found by the token their browser keeps",
  request: z.object({ visitorToken: visitorTokenField }),
  response: supportThreadSchema,
});

export const visitorSendCall = defineCall({
  policy: publicCall,
  path: 'support/visitor/send',
  summary: 'A visitor sends a text message (no images); rate-limited per address',
  request: z.object({ visitorToken: visitorTokenField, text: textField }).strict(),
  response: supportMessageSchema,
});

export const visitorReadCall = defineCall({
  policy: publicCall,
  path: 'support/visitor/read',
  summary: 'The visitor has read support’s messages up to this id',
  request: z.object({ visitorToken: visitorTokenField, upTo: messageIdField }),
  response: z.object({ unread: z.number().int() }),
});

// Back office (support and admin).

export const inboxThreadSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'closed']),
  /** The member's account, or null for a visitor. */
  account: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToMe: z.boolean(),
  lastMessageAt: z.string(),
  /** The last message's text (an image shows as an empty preview). */
  preview: z.string(),
  /** Member messages staff have not read. */
  unread: z.number().int(),
});
export type InboxThreadWire = z.infer<typeof inboxThreadSchema>;

export const adminSupportInboxCall = defineCall({
  policy: supportPolicies.inbox,
  path: 'admin/support/inbox',
  summary: 'Support inbox: unassigned open threads, mine, or closed; newest activity first; with the box counts',
  request: z.object({ box: z.enum(supportBoxes, { error: errorKeys.request.invalid }) }),
  response: z.object({
    items: z.array(inboxThreadSchema),
    counts: z.object({ unassigned: z.number().int(), mine: z.number().int(), closed: z.number().int() }),
  }),
});

/** What staff need beside the thread: who the member is, whether verified, what waits for review, restrictions. */
export const memberContextSchema = z.object({
  account: z.string(),
  realNameStatus: z.string(),
  createdAt: z.string(),
  restrictions: z.array(z.object({ kind: z.enum(restrictionKinds), reason: z.string(), setAt: z.string() })),
  /** Applications waiting for review, by kind (realName, deposit, withdrawal, seat, block, loan, daytrade). */
  openApplications: z.array(z.object({ kind: z.string(), count: z.number().int() })),
});
export type MemberContextWire = z.infer<typeof memberContextSchema>;

export const adminSupportThreadCall = defineCall({
  policy: supportPolicies.inbox,
  path: 'admin/support/thread',
  summary: "One thread with its messages and the member's context; staff have read it once they see it",
  request: z.object({ threadId: threadIdField }),
  response: z.object({
    thread: inboxThreadSchema,
    messages: z.array(supportMessageSchema),
    member: memberContextSchema.nullable(),
  }),
});

export const adminSupportAssignCall = defineCall({
  policy: supportPolicies.inbox,
  path: 'admin/support/assign',
  summary: 'Assign an open thread to me (audited)',
  request: z.object({ threadId: threadIdField }),
  response: inboxThreadSchema,
});

export const adminSupportReplyCall = defineCall({
  policy: supportPolicies.inbox,
  path: 'admin/support/reply',
  summary: 'Reply in a thread (audited); an unassigned thread becomes mine',
  request: z.object({ threadId: threadIdField, text: textField }).strict(),
  response: supportMessageSchema,
});

export const adminSupportCloseCall = defineCall({
  policy: supportPolicies.inbox,
  path: 'admin/support/close',
  summary: "Close a thread (audited); the member's next message opens it again",
  request: z.object({ threadId: threadIdField }),
  response: inboxThreadSchema,
});
