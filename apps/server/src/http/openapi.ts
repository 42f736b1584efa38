import { z } from 'zod';
import type { Route } from './route.ts';
import { apiPrefix } from './register-routes.ts';

/** A multipart body: the contract's fields plus the file part. */
function withFilePart(schema: Record<string, unknown>, field: string): Record<string, unknown> {
  const properties = {
    ...(schema.properties as Record<string, unknown> | undefined),
    [field]: { type: 'string', format: 'binary' },
  };
  const required = [...((schema.required as string[] | undefined) ?? []), field];
  return { ...schema, properties, required };
}

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
          content: r.multipart
            ? {
                'multipart/form-data': {
                  schema: withFilePart(
                    z.toJSONSchema(r.call.request, { io: 'input', unrepresentable: 'any' }),
                    r.multipart.fileField,
                  ),
                },
              }
            : {
                'application/json': { schema: z.toJSONSchema(r.call.request, { io: 'input', unrepresentable: 'any' }) },
              },
        },
        responses: {
          '200': r.raw
            ? {
                description: 'the bytes',
                content: Object.fromEntries(
                  r.raw.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
                ),
              }
            : {
                description: 'status 1 with data',
                content: {
                  'application/json': {
                    schema: envelope(z.toJSONSchema(r.call.response, { io: 'output', unrepresentable: 'any' })),
                  },
                },
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
