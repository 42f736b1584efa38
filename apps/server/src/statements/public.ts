// The statements module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { statementRoutes } from './statements.routes.ts';
export { statementService } from './statement.service.ts';
export type { StatementService } from './statement.service.ts';
