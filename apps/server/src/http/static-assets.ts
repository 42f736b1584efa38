import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// DESIGN "Front end" → Delivery: Vite names everything under assets/ by content hash; the rest (index.html) is not.
export const hashedAssetCacheControl = 'public, max-age=31536000, immutable';
export const unhashedCacheControl = 'no-cache';

const compressedSuffix = /\.(br|gz)$/;

/** True for a file Vite emitted with a content hash: a new build gives it a new name, so it never changes. */
export function isHashedAsset(root: string, file: string): boolean {
  const path = relative(root, file).replace(compressedSuffix, '').split(sep).join('/');
  return path.startsWith('assets/');
}

/**
 * Serves the built web app: the `.br` / `.gz` siblings written at build time when the browser accepts them,
 * hashed files cached for a year, everything else revalidated on every load.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    decorateReply: true,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', isHashedAsset(root, file) ? hashedAssetCacheControl : unhashedCacheControl);
    },
  });
}

const inlineScript = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources for the inline scripts of the built `index.html` (the paint-first loader): each allowed by its
 * exact hash, so `script-src` never needs 'unsafe-inline'. None when the web app is not built.
 */
export function inlineScriptSources(webDist: string | null | undefined): string[] {
  if (!webDist) return [];
  const indexHtml = join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(inlineScript)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}
