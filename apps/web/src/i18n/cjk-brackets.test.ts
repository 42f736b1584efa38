import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const locales = join(import.meta.dirname, 'locales');

/** Every jp and tw catalogue on disk: the core and each part (a part added later is checked without listing it). */
function cjkCatalogues(): string[] {
  const core = ['jp.json', 'tw.json'].map((f) => join(locales, f));
  const parts = readdirSync(join(locales, 'parts')).flatMap((part) =>
    ['jp.json', 'tw.json'].map((f) => join(locales, 'parts', part, f)),
  );
  return [...core, ...parts];
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** A text as a reader sees its brackets: without {{placeholders}}, $t(nesting) and addresses. */
const readerText = (text: string): string =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/\$t\([^)]*\)/g, '')
    .replace(/\b(?:https?|mailto):\/?\/?[^\s）」]*/g, '');

/** The half-width brackets in a Japanese or Chinese text (issue 27: CJK texts use （） and 「」). */
const halfWidthBrackets = (text: string): string[] => readerText(text).match(/[()]/g) ?? [];

describe('CJK texts use full-width brackets (issue 27)', () => {
  it('finds a half-width bracket, and not one in a placeholder or an address', () => {
    expect(halfWidthBrackets('数量(株)')).toEqual(['(', ')']);
    expect(halfWidthBrackets('気配値（板)')).toEqual([')']);
    expect(halfWidthBrackets('数量（株）')).toEqual([]);
    expect(halfWidthBrackets('{{count}}件（{{a(b)}}）')).toEqual([]);
    expect(halfWidthBrackets('詳細は https://example.com/a_(b) をご覧ください')).toEqual([]);
  });

  it.each(cjkCatalogues().map((file) => [file.slice(locales.length + 1), file]))('%s has none', (_name, file) => {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    const offending = leaves(tree)
      .filter(([, text]) => halfWidthBrackets(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });
});
