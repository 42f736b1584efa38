import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { Policy } from './policy.ts';
import { describeEachDatabase } from '../test/harness.ts';

interface Operation {
  summary: string;
  'x-policy': string;
  security?: unknown[];
  requestBody: {
    content: Record<
      'application/json' | 'multipart/form-data',
      { schema: { type?: string; properties?: Record<string, unknown> } } | undefined
    >;
  };
  responses: Record<string, unknown>;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, { post?: Operation }>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

// DESIGN "API conventions": an OpenAPI document generated from the contracts at GET /api/vue/openapi.json.
describeEachDatabase('openapi document', (h) => {
  const fetchDoc = async () => {
    const res = await h().app.inject({ method: 'GET', url: '/api/vue/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as OpenApiDoc;
  };
  const expectedPolicy = (p: Policy) => (p.kind === 'staff' ? `staff:${p.roles.join('|')}` : p.kind);

  it('is OpenAPI 3.1 with the token and account header schemes', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({
      token: { type: 'apiKey', in: 'header', name: 'token' },
      account: { type: 'apiKey', in: 'header', name: 'account' },
    });
  });

  it('lists exactly the routes the server answers, each as POST with its policy', async () => {
    const doc = await fetchDoc();
    expect(Object.keys(doc.paths).sort()).toEqual(
      h()
        .routes.map((r) => `/api/vue/${r.call.path}`)
        .sort(),
    );
    for (const r of h().routes) {
      const op = doc.paths[`/api/vue/${r.call.path}`]?.post;
      expect(op, r.call.path).toBeDefined();
      expect(op?.['x-policy'], r.call.path).toBe(expectedPolicy(r.policy));
      expect(op?.summary, r.call.path).toBe(r.call.summary);
      // Public routes need no token; the others inherit the document's token + account requirement.
      if (r.policy.kind === 'public') expect(op?.security, r.call.path).toEqual([]);
      else expect(op?.security, r.call.path).toBeUndefined();
    }
  });

  it('describes each request body from its contract', async () => {
    const doc = await fetchDoc();
    const login = doc.paths['/api/vue/user/login']?.post?.requestBody.content['application/json']?.schema;
    expect(login?.type).toBe('object');
    expect(Object.keys(login?.properties ?? {})).toEqual(
      expect.arrayContaining(['account', 'password', 'remember', 'agree']),
    );
    for (const r of h().routes) {
      const content = doc.paths[`/api/vue/${r.call.path}`]?.post?.requestBody.content;
      // Uploads are multipart forms: the contract's fields plus the file part.
      const schema = r.multipart ? content?.['multipart/form-data']?.schema : content?.['application/json']?.schema;
      expect(schema?.type, r.call.path).toBe('object');
      if (r.multipart) expect(Object.keys(schema?.properties ?? {}), r.call.path).toContain(r.multipart.fileField);
    }
  });

  it('names the audit log as staff for admin and auditor', async () => {
    const doc = await fetchDoc();
    expect(doc.paths['/api/vue/admin/auditLog']?.post?.['x-policy']).toBe('staff:admin|auditor');
    expect(doc.paths['/api/vue/user/info']?.post?.['x-policy']).toBe('member');
    expect(doc.paths['/api/vue/common/config']?.post?.['x-policy']).toBe('public');
  });

  it('is read with GET only', async () => {
    const res = await h().app.inject({ method: 'POST', url: '/api/vue/openapi.json', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, msg: errorKeys.request.notFound, data: null });
  });
});
