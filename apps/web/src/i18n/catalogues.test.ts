import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allErrorKeys, successKeys } from '@kabuto/contracts/errors';
import { restrictionKinds, staffRoles } from '@kabuto/contracts/fields';
import { auditActions } from '@kabuto/contracts/admin/audit-actions';
import en from './locales/en.json';
import tw from './locales/tw.json';
import jp from './locales/jp.json';
import adminEn from './locales/parts/admin/en.json';
import adminTw from './locales/parts/admin/tw.json';
import adminJp from './locales/parts/admin/jp.json';
import blockEn from './locales/parts/block/en.json';
import blockTw from './locales/parts/block/tw.json';
import blockJp from './locales/parts/block/jp.json';
import copyEn from './locales/parts/copy/en.json';
import copyTw from './locales/parts/copy/tw.json';
import copyJp from './locales/parts/copy/jp.json';
import daytradeEn from './locales/parts/daytrade/en.json';
import daytradeTw from './locales/parts/daytrade/tw.json';
import daytradeJp from './locales/parts/daytrade/jp.json';
import fundsEn from './locales/parts/funds/en.json';
import fundsTw from './locales/parts/funds/tw.json';
import fundsJp from './locales/parts/funds/jp.json';
import ipoEn from './locales/parts/ipo/en.json';
import ipoTw from './locales/parts/ipo/tw.json';
import ipoJp from './locales/parts/ipo/jp.json';
import legalEn from './locales/parts/legal/en.json';
import loanEn from './locales/parts/loan/en.json';
import loanTw from './locales/parts/loan/tw.json';
import loanJp from './locales/parts/loan/jp.json';
import marketEn from './locales/parts/market/en.json';
import marketTw from './locales/parts/market/tw.json';
import marketJp from './locales/parts/market/jp.json';
import legalTw from './locales/parts/legal/tw.json';
import legalJp from './locales/parts/legal/jp.json';
import noticesEn from './locales/parts/notices/en.json';
import noticesTw from './locales/parts/notices/tw.json';
import noticesJp from './locales/parts/notices/jp.json';
import settingsEn from './locales/parts/settings/en.json';
import settingsTw from './locales/parts/settings/tw.json';
import settingsJp from './locales/parts/settings/jp.json';
import supportEn from './locales/parts/support/en.json';
import supportTw from './locales/parts/support/tw.json';
import supportJp from './locales/parts/support/jp.json';
import securityEn from './locales/parts/security/en.json';
import securityTw from './locales/parts/security/tw.json';
import securityJp from './locales/parts/security/jp.json';
import statementsEn from './locales/parts/statements/en.json';
import statementsTw from './locales/parts/statements/tw.json';
import statementsJp from './locales/parts/statements/jp.json';
import tradeEn from './locales/parts/trade/en.json';
import tradeTw from './locales/parts/trade/tw.json';
import tradeJp from './locales/parts/trade/jp.json';
import { clientNoticeKeys } from '../shared/api/http-client.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const langs = ['en', 'tw', 'jp'] as const;
// Each language is its core catalogue plus the parts some routes load (i18n.ts `CataloguePart`).
const parts = {
  en: [
    adminEn,
    blockEn,
    copyEn,
    daytradeEn,
    fundsEn,
    ipoEn,
    legalEn,
    loanEn,
    marketEn,
    noticesEn,
    settingsEn,
    supportEn,
    securityEn,
    statementsEn,
    tradeEn,
  ],
  tw: [
    adminTw,
    blockTw,
    copyTw,
    daytradeTw,
    fundsTw,
    ipoTw,
    legalTw,
    loanTw,
    marketTw,
    noticesTw,
    settingsTw,
    supportTw,
    securityTw,
    statementsTw,
    tradeTw,
  ],
  jp: [
    adminJp,
    blockJp,
    copyJp,
    daytradeJp,
    fundsJp,
    ipoJp,
    legalJp,
    loanJp,
    marketJp,
    noticesJp,
    settingsJp,
    supportJp,
    securityJp,
    statementsJp,
    tradeJp,
  ],
} as const;
/** What i18n.ts ends with once every part is loaded: the parts deep-merged into the core (`addResourceBundle`). */
function merged(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees)
    for (const [key, value] of Object.entries(tree)) {
      const was = out[key];
      out[key] = typeof value === 'string' || was === undefined || typeof was === 'string' ? value : merged(was, value);
    }
  return out;
}
const catalogues = {
  en: merged(en, ...parts.en),
  tw: merged(tw, ...parts.tw),
  jp: merged(jp, ...parts.jp),
};
const flat = Object.fromEntries(langs.map((lang) => [lang, leaves(catalogues[lang] as Tree)])) as Record<
  (typeof langs)[number],
  Map<string, string>
>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translation catalogues (DESIGN "Front end")', () => {
  it('keep each part to keys the core catalogue does not have', () => {
    // A part may add to a core section (the back office's own error messages under `errors`, deep-merged by
    // i18n.ts) but never define a key the core defines, or a key inside one the core defines as a text.
    for (const lang of langs) {
      const core = leaves({ en, tw, jp }[lang] as Tree);
      const clash = (key: string) =>
        core.has(key) || [...core.keys()].some((c) => key.startsWith(`${c}.`) || c.startsWith(`${key}.`));
      for (const part of parts[lang]) expect([...leaves(part as Tree).keys()].filter(clash)).toEqual([]);
    }
  });

  it('have identical key sets in en, tw and jp', () => {
    const reference = [...flat.en.keys()].sort();
    for (const lang of langs) {
      const keys = [...flat[lang].keys()].sort();
      const missing = reference.filter((k) => !flat[lang].has(k));
      const extra = keys.filter((k) => !flat.en.has(k));
      expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] });
    }
  });

  it('translate every server error key and success key (SPEC §8)', () => {
    const required = [...allErrorKeys(), ...Object.values(successKeys)];
    for (const lang of langs) {
      const missing = required.filter((key) => !flat[lang].has(key));
      expect({ lang, missing }).toEqual({ lang, missing: [] });
    }
  });

  it('translate the client notices: network, timeout, chunk and config failures, exit prompt', () => {
    const required = [
      ...Object.values(clientNoticeKeys),
      'notice.chunkFailed',
      'notice.configFailed',
      'notice.pressAgainToExit',
    ];
    for (const lang of langs) expect(required.filter((key) => !flat[lang].has(key))).toEqual([]);
  });

  it('name every restriction kind and staff role the contracts define', () => {
    const required = [...restrictionKinds.map((k) => `restrictions.${k}`), ...staffRoles.map((r) => `roles.${r}`)];
    for (const lang of langs) expect(required.filter((key) => !flat[lang].has(key))).toEqual([]);
  });

  it('name in words every action the server writes to the audit log', () => {
    const required = auditActions.map((a) => `admin.audit.actions.${a}`);
    for (const lang of langs)
      expect({ lang, missing: required.filter((key) => !flat[lang].has(key)) }).toEqual({
        lang,
        missing: [],
      });
  });

  it('have no empty texts, and keep interpolation variables the same across languages', () => {
    for (const [key, english] of flat.en) {
      const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const lang of langs) {
        const text = flat[lang].get(key) ?? '';
        expect(text.trim(), `${lang}:${key}`).not.toBe('');
        expect(vars(text), `${lang}:${key}`).toEqual(vars(english));
      }
    }
  });

  it('contain every literal key the screens ask for', () => {
    const root = join(import.meta.dirname, '..');
    const pattern =
      /(?:\bt|translateKey|showNoticeKey|showSuccess)\(\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'|(?:titleKey|messageKey|i18nKey)[=:]\s*["']([a-zA-Z]+(?:\.[a-zA-Z_]+)+)["']/g;
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) used.add(match[1] ?? match[2] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !flat.en.has(key))).toEqual([]);
  });
});
