import { statementDownloadCall, statementShowCall } from '@kabuto/contracts/statements/statements';
import { route, type Route } from '../http/public.ts';
import type { StatementService } from './statement.service.ts';

export function statementRoutes(s: StatementService): Route[] {
  return [
    route({ call: statementShowCall, handler: ({ principal, body }) => s.show(principal, body) }),
    // A file, not the envelope: a refusal still answers the envelope with its catalogued key.
    route({
      call: statementDownloadCall,
      raw: { contentTypes: ['text/csv', 'application/pdf'] },
      handler: ({ principal, body }) => s.download(principal, body),
    }),
  ];
}
