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

/** The package name of a bare specifier (`@kabuto/db/open` → `@kabuto/db`, `zod/mini` → `zod`). */
const packageName = (source) => {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

// DESIGN "Layout": the packages each workspace may not use (the server may use all). Checked here rather than by
// no-restricted-imports so that dynamic import() is held to the same edges.
const sql = ['pg', '@electric-sql/pglite'];
export const packageDirections = {
  'packages/contracts': {
    refused: ['@kabuto/db', '@kabuto/market', '@kabuto/server', '@kabuto/web', ...sql, 'fastify', 'react'],
    why: 'contracts depend on zod and domain types only',
  },
  'packages/db': {
    refused: ['@kabuto/contracts', '@kabuto/market', '@kabuto/server', '@kabuto/web', 'fastify', 'react', 'zod'],
    why: 'db depends only on domain',
  },
  'packages/market': {
    refused: [
      ...['@kabuto/contracts', '@kabuto/db', '@kabuto/server', '@kabuto/web', 'zod', ...sql, 'fastify', 'react'],
      ...['ioredis', 'redis'],
    ],
    why: 'market depends only on domain (and its decimal type)',
  },
  'apps/web': {
    refused: ['@kabuto/db', '@kabuto/market', '@kabuto/server', ...sql, 'fastify'],
    why: 'web may use contracts and domain only',
  },
};

// packages/domain uses nothing but these (DESIGN "Layout": a decimal type; the holiday table is data; SHA-256 and
// HMAC for the IPO lottery, pure JavaScript for the server and the browser alike), and its own files by relative
// path. Its tests may also use the test tools.
const domainAllowed = new Set(['decimal.js', '@holiday-jp/holiday_jp', '@noble/hashes']);
const domainTestAllowed = new Set(['vitest', 'fast-check']);

// DESIGN "Front end" → Delivery: the contract entry points the web app may load at run time (they hold no zod).
export const webContractEntries = ['errors', 'formats', 'policy', 'admin', 'admin/policies'];
const webLoadsZod = (source) =>
  packageName(source) === 'zod' ||
  (source.startsWith('@kabuto/contracts/') && !webContractEntries.includes(source.slice('@kabuto/contracts/'.length)));

function resolveRelative(fromFile, source) {
  if (!source.startsWith('.')) return null;
  return rel(path.resolve(path.dirname(fromFile), source));
}

const check = (context, node, source, dynamic) => {
  const file = rel(context.filename);
  const pkg = packageOf(file);
  if (!pkg) return;

  // (d) packages/domain is pure: no Node built-ins, and no package outside its allow-list.
  if (pkg === 'packages/domain' && builtins.has(source)) {
    context.report({ node, messageId: 'domainBuiltin', data: { source } });
    return;
  }
  if (pkg === 'packages/domain' && !source.startsWith('.')) {
    const name = packageName(source);
    if (!domainAllowed.has(name) && !(isTestFile(file) && domainTestAllowed.has(name))) {
      context.report({ node, messageId: 'domainAllowList', data: { source } });
    }
    return;
  }

  // (e) The package direction, for static and dynamic imports alike.
  const direction = packageDirections[pkg];
  if (direction && !source.startsWith('.') && direction.refused.includes(packageName(source))) {
    context.report({ node, messageId: 'packageDirection', data: { source, pkg, why: direction.why } });
    return;
  }
  // A static import is held to this by @typescript-eslint/no-restricted-imports (which allows `import type`).
  if (dynamic && pkg === 'apps/web' && file.startsWith('apps/web/src/') && !isTestFile(file) && webLoadsZod(source)) {
    context.report({ node, messageId: 'webZod', data: { source } });
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

  // (c) A web feature does not reach into another feature; shared code lives in shared/. Layers point down:
  // app → features → shared (and i18n); nothing below imports what is above it (STYLE §11).
  if (pkg === 'apps/web') {
    const from = featureOf(file);
    const to = featureOf(target);
    const lower = /^apps\/web\/src\/(shared|i18n)\//.test(file);
    const toApp = target.startsWith('apps/web/src/app/');
    if (from !== null && to !== null && from !== to) {
      context.report({ node, messageId: 'crossFeature', data: { source, from, to } });
    } else if (lower && to !== null) {
      context.report({ node, messageId: 'sharedToFeature', data: { source } });
    } else if (lower && toApp) {
      context.report({ node, messageId: 'sharedToApp', data: { source } });
    } else if (from !== null && toApp) {
      context.report({ node, messageId: 'featureToApp', data: { source, from } });
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
      domainAllowList:
        "packages/domain is pure: '{{source}}' is not on its list (decimal.js, @holiday-jp/holiday_jp, @noble/hashes; vitest and fast-check in tests).",
      packageDirection: '{{pkg}} must not import \'{{source}}\': {{why}} (DESIGN "Layout").',
      webZod:
        "the web app loads no zod: '{{source}}' is not one of the contracts' zod-free entry points (errors, formats, policy, admin, admin/policies).",
      sharedToFeature:
        "shared/ and i18n/ must not import a feature ('{{source}}'): shared code knows no feature; pass it in or move it down.",
      sharedToApp:
        "shared/ and i18n/ must not import app/ ('{{source}}'): app/ composes the screens, nothing imports it.",
      featureToApp:
        "features/{{from}} must not import app/ ('{{source}}'): app/ composes the features, not the other way round.",
      leavesPackage: "'{{source}}' leaves {{pkg}}: import another workspace package by its name (@kabuto/…).",
      moduleInternal: "'{{source}}' reaches inside the server module '{{module}}': import its public.ts.",
      rootFromModule: "'{{source}}' is the composition root: modules must not import it.",
      crossFeature:
        "features/{{from}} must not import features/{{to}} ('{{source}}'): move the shared piece to shared/.",
    },
  },
  create(context) {
    const visit = (node) => {
      if (node.source && typeof node.source.value === 'string') check(context, node, node.source.value, false);
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          check(context, node, node.source.value, true);
      },
    };
  },
};

export const kabutoPlugin = { rules: { boundaries } };
