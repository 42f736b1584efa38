// The credit module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { creditScoreOf, recordCreditEvent } from './credit-score.service.ts';
export { creditRoutes } from './credit.routes.ts';
