// The http module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { expireIdempotencyKeys, idempotencyLeaseMs, idempotencyStore } from './idempotency.ts';
export { KeyTaken, storeAnswers } from './idempotency.ts';
export type { KeyInWrite, StoredAnswer } from './idempotency.ts';
export { buildOpenApi } from './openapi.ts';
export { asStaff } from './policy.ts';
export type { Principal, StaffPrincipal } from './policy.ts';
export { statusOf } from './refusal-status.ts';
export { apiPrefix, registerRoutes } from './register-routes.ts';
export type { RateLimits } from './register-routes.ts';
export { route } from './route.ts';
export type { RawAnswer, Route, UploadedFile } from './route.ts';
export { inlineScriptSources, registerWebApp } from './static-assets.ts';
