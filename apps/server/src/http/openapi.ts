import { z } from 'zod';
import type { Route } from './route.ts';
import { apiPrefix } from './register-routes.ts';

/** OpenAPI 3.1 generated from the same zod contracts the routes validate with. */
export function buildOpenApi(routes: readonly Route[]): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const envelope = (data: Record<string, unknown>) => ({
    type: 'object',
    required: ['status', 'msg', 'data'],
    properties: { status: { type: 'integer', enum: [0, 1] }, msg: { type: 'string' }, data },
  });
  for (const r of routes) {
    const policy = r.policy.kind === 'staff' ? `staff:${r.policy.roles.join('|')}` : r.policy.kind;
    paths[apiPrefix + r.call.path] = {
      post: {
        summary: r.call.summary,
        'x-policy': policy,
        ...(r.policy.kind === 'public' ? { security: [] } : {}),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(r.call.request, { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          '200': {
            description: 'status 1 with data',
            content: { 'application/json': { schema: envelope(z.toJSONSchema(r.call.response, { io: 'output', unrepresentable: 'any' })) } },
          },
          default: { description: 'status 0 with a message key from the catalogue (SPEC §8)' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kabuto API', version: '0.1.0' },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        account: { type: 'apiKey', in: 'header', name: 'account' },
      },
    },
    security: [{ token: [], account: [] }],
    paths,
  };
}
