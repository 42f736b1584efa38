import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminSupportAssignCall,
  adminSupportCloseCall,
  adminSupportInboxCall,
  adminSupportReplyCall,
  adminSupportThreadCall,
} from '@kabuto/contracts/support/support';
import type { SupportBox } from '@kabuto/contracts/support/policies';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Issue 27: the support inbox (roles support and admin).
const inboxRef = callRef<typeof adminSupportInboxCall>('admin/support/inbox');
const threadRef = callRef<typeof adminSupportThreadCall>('admin/support/thread');
const assignRef = callRef<typeof adminSupportAssignCall>('admin/support/assign');
const replyRef = callRef<typeof adminSupportReplyCall>('admin/support/reply');
const closeRef = callRef<typeof adminSupportCloseCall>('admin/support/close');

export type SupportInbox = ResponseOf<typeof adminSupportInboxCall>;
export type SupportThreadDetail = ResponseOf<typeof adminSupportThreadCall>;

/** Everything under `admin/support/`: a `support.message` event on the staff member's own topic refetches it. */
export const supportAdminKeys = {
  all: 'admin/support/',
  inbox: (box: SupportBox) => [inboxRef.path, box] as const,
  thread: (id: string) => [threadRef.path, id] as const,
};

export const fetchInbox = (box: SupportBox, signal: AbortSignal) => api.call(inboxRef, { box }, { signal });
export const fetchThread = (threadId: string, signal: AbortSignal) => api.call(threadRef, { threadId }, { signal });
export const assignThread = (threadId: string) => api.call(assignRef, { threadId });
export const replyThread = (threadId: string, text: string) => api.call(replyRef, { threadId, text });
export const closeThread = (threadId: string) => api.call(closeRef, { threadId });
