import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 16 §4: `npm ci` on the Node the README names prints no EBADENGINE. Every locked package must accept
// every Node version the root `engines` admits (cookie@2 and content-disposition@3 wanted Node ≥ 22).
const semver = createRequire(import.meta.url)('semver') as {
  subset(sub: string, dom: string): boolean;
  validRange(range: string): string | null;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

type Lock = { packages: Record<string, { version?: string; engines?: unknown }> };
const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as Lock;

describe('engines', () => {
  it('the root engines range is a valid range', () => {
    expect(semver.validRange(manifest.engines.node)).not.toBeNull();
  });

  it('every locked package accepts every Node version the root engines admits', () => {
    const refusing = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const engines = pkg.engines;
      if (typeof engines !== 'object' || engines === null || Array.isArray(engines)) return [];
      const node = (engines as { node?: unknown }).node;
      if (typeof node !== 'string' || semver.validRange(node) === null) return [];
      return semver.subset(manifest.engines.node, node) ? [] : [`${where}@${pkg.version}: node ${node}`];
    });
    expect(refusing).toEqual([]);
  });
});
