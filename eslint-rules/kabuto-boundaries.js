// STYLE §6 and issue 6 §3: the edges between packages, server modules and web features, as lint rules.
import { builtinModules } from 'node:module';
import path from 'node:path';

const norm = (p) => p.split(path.sep).join('/');
const repoRoot = norm(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
const rel = (abs) => norm(path.relative(repoRoot, abs));

/** The workspace package a repository-relative path belongs to (`packages/db`, `apps/web`), or null. */
const packageOf = (p) => {
  const m = /^(packages|apps)\/([^/]+)\//.exec(p);
  return m ? `${m[1]}/${m[2]}` : null;
};

const isTestFile = (p) =>
  /\.test\.tsx?$/.test(p) ||
  /-fixtures\.ts$/.test(p) ||
  p.startsWith('apps/server/src/test/') ||
  /\.setup\.ts$/.test(p);

/** The server module of a path (`apps/server/src/funds/x.ts` → `funds`); root files give null. */
const serverModuleOf = (p) => {
  const m = /^apps\/server\/src\/([^/]+)\/.+/.exec(p);
  return m ? m[1] : null;
};
// The composition root's shared kernel: any module may read the clock and the parsed settings.
const serverKernel = new Set(['apps/server/src/clock.ts', 'apps/server/src/config.ts']);

const featureOf = (p) => {
  const m = /^apps\/web\/src\/features\/([^/]+)\//.exec(p);
  return m ? m[1] : null;
};

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function resolveRelative(fromFile, source) {
  if (!source.startsWith('.')) return null;
  return rel(path.resolve(path.dirname(fromFile), source));
}

const check = (context, node, source) => {
  const file = rel(context.filename);
  const pkg = packageOf(file);
  if (!pkg) return;

  // (d) packages/domain is pure: no Node built-ins.
  if (pkg === 'packages/domain' && builtins.has(source)) {
    context.report({ node, messageId: 'domainBuiltin', data: { source } });
    return;
  }

  const target = resolveRelative(context.filename, source);
  if (target === null) return;

  // (a) A relative path never leaves its own workspace package: other packages are used by name.
  if (packageOf(target) !== pkg && !target.startsWith(`${pkg}/`)) {
    context.report({ node, messageId: 'leavesPackage', data: { source, pkg } });
    return;
  }

  // (b) A server module is used through its public file only.
  if (pkg === 'apps/server' && !isTestFile(file)) {
    const from = serverModuleOf(file);
    const to = serverModuleOf(target);
    if (to !== null && to !== from && target !== `apps/server/src/${to}/public.ts`) {
      context.report({ node, messageId: 'moduleInternal', data: { source, module: to } });
    }
    if (to === null && from !== null && !serverKernel.has(target)) {
      context.report({ node, messageId: 'rootFromModule', data: { source } });
    }
  }

  // (c) A web feature does not reach into another feature; shared code lives in shared/.
  if (pkg === 'apps/web') {
    const from = featureOf(file);
    const to = featureOf(target);
    if (from !== null && to !== null && from !== to) {
      context.report({ node, messageId: 'crossFeature', data: { source, from, to } });
    }
  }
};

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Package, server-module, web-feature and domain-purity edges (DESIGN "Layout", STYLE §6)' },
    schema: [],
    messages: {
      domainBuiltin: "packages/domain is pure: '{{source}}' is a Node built-in.",
      leavesPackage: "'{{source}}' leaves {{pkg}}: import another workspace package by its name (@kabuto/…).",
      moduleInternal: "'{{source}}' reaches inside the server module '{{module}}': import its public.ts.",
      rootFromModule: "'{{source}}' is the composition root: modules must not import it.",
      crossFeature:
        "features/{{from}} must not import features/{{to}} ('{{source}}'): move the shared piece to shared/.",
    },
  },
  create(context) {
    const visit = (node) => {
      if (node.source && typeof node.source.value === 'string') check(context, node, node.source.value);
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          check(context, node, node.source.value);
      },
    };
  },
};

export const kabutoPlugin = { rules: { boundaries } };
