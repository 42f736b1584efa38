// The cards module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { bankCardRoutes } from './bank-card.routes.ts';
export { bankCardService, requireOwnCard } from './bank-card.service.ts';
export { maskTail } from './mask-number.ts';
