// The auth module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { makeAuthenticate, sessionCache } from './authenticate.ts';
export type { SessionCache } from './authenticate.ts';
export { createSession, endAllSessions, endSession, resolveSession } from './session.service.ts';
