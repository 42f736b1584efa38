import type { Lang } from '@kabuto/contracts/fields';
import { groupThousands } from '../../../shared/format/price-change.ts';

// Units of a large yen figure in a list: 万 / 億 (jp), 萬 / 億 (tw), K / M / B (en).
const units: Record<Lang, readonly (readonly [digits: number, suffix: string])[]> = {
  jp: [
    [12, '兆'],
    [8, '億'],
    [4, '万'],
  ],
  tw: [
    [12, '兆'],
    [8, '億'],
    [4, '萬'],
  ],
  en: [
    [12, 'T'],
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ],
};

/**
 * A decimal string such as turnover, shortened for a list row ("1.2億", "3,456万", "12.3M"): one decimal,
 * truncated, worked on the digits (never a JS number). Figures below the smallest unit keep their integer part.
 */
export function compactAmount(amount: string, lang: Lang): string {
  const match = /^(-?)(\d+)/.exec(amount.trim());
  if (!match) return amount;
  const sign = match[1] ?? '';
  const digits = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  for (const [power, suffix] of units[lang]) {
    if (digits.length <= power) continue;
    const head = digits.slice(0, digits.length - power);
    const tenth = digits.charAt(digits.length - power);
    const grouped = groupThousands(head);
    return `${sign}${head.length >= 3 || tenth === '0' ? grouped : `${grouped}.${tenth}`}${suffix}`;
  }
  return `${sign}${groupThousands(digits)}`;
}
