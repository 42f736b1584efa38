import type {
  SupportMessageWire,
  SupportThreadWire,
  supportReadCall,
  supportSendCall,
  supportThreadCall,
  visitorReadCall,
  visitorSendCall,
  visitorThreadCall,
} from '@kabuto/contracts/support/support';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const threadRef = callRef<typeof supportThreadCall>('user/support/thread');
const sendRef = callRef<typeof supportSendCall>('user/support/send');
const readRef = callRef<typeof supportReadCall>('user/support/read');
const visitorThreadRef = callRef<typeof visitorThreadCall>('support/visitor/thread');
const visitorSendRef = callRef<typeof visitorSendCall>('support/visitor/send');
const visitorReadRef = callRef<typeof visitorReadCall>('support/visitor/read');

export type { SupportMessageWire, SupportThreadWire };

/**
 * A member's conversation lives under `user/` (every member event, a reply among them, refetches it); a visitor's is
 * keyed by its token and refetched when the stream's `support:<token>` topic speaks.
 */
export const supportKeys = {
  member: (token: string) => [threadRef.path, token] as const,
  visitor: (visitorToken: string) => [visitorThreadRef.path, visitorToken] as const,
};

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

export const fetchMemberThread = (visitorToken: string | null, s: Signal) =>
  api.call(threadRef, visitorToken ? { visitorToken } : {}, opts(s));
export const sendMemberText = (text: string) => api.call(sendRef, { text });
export const sendMemberImage = (imageId: string) => api.call(sendRef, { imageId });
export const markMemberRead = (upTo: string) => api.call(readRef, { upTo });

export const fetchVisitorThread = (visitorToken: string, s: Signal) =>
  api.call(visitorThreadRef, { visitorToken }, opts(s));
export const sendVisitorText = (visitorToken: string, text: string) => api.call(visitorSendRef, { visitorToken, text });
export const markVisitorRead = (visitorToken: string, upTo: string) => api.call(visitorReadRef, { visitorToken, upTo });
