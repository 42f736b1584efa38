import { Converter } from 'opencc-js/t2cn';

/*
 * Issue 16 §3.7: the search key of a query and of every name it is compared with, so that one spelling finds
 * the others:
 * - NFKC, then lower case: full-width digits and letters, half-width katakana and compatibility ideographs
 *   become their usual forms (７２０３ → 7203, ﾄﾖﾀ → トヨタ);
 * - hiragana → katakana (とよた → トヨタ), so a reading can be typed either way;
 * - spaces and middle dots left out (ソニー グループ, 三菱UFJフィナンシャル・グループ);
 * - Chinese characters folded to Simplified Chinese with OpenCC (the `opencc-js` package, its Traditional and
 *   Japanese-to-Simplified dictionaries): 豐田汽車 (Traditional, our `tw` names), 丰田汽车 (Simplified) and
 *   豊田 (Japanese shinjitai) all fold alike. Folding to Simplified rather than to Traditional because that
 *   direction is many-to-one (製 and 制 → 制, 鐵 and 鉄 → 铁), where Simplified → Traditional has to guess
 *   (制 → 制 or 製), so both sides of a comparison always meet.
 */

// Taiwan variants first (TWVariantsRev, as the `tw` names are written), then Japanese shinjitai, each to Simplified.
let converters: ((text: string) => string)[] | null = null;
const chinese = (): ((text: string) => string)[] =>
  (converters ??= [Converter({ from: 'tw', to: 'cn' }), Converter({ from: 'jp', to: 'cn' })]);

/** Hiragana (ぁ–ゖ, ゝゞ) to the katakana of the same sound; everything else as it was. */
export function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** The key a query or a name is compared by: NFKC, lower case, katakana, no spaces or middle dots, Simplified Chinese. */
export function searchFold(text: string): string {
  const folded = toKatakana(text.normalize('NFKC').toLowerCase()).replace(/[\s・]/g, '');
  // Only text with a Han character goes through the dictionaries (codes, kana and Latin names are left as they are).
  return /\p{Script=Han}/u.test(folded) ? chinese().reduce((t, convert) => convert(t), folded) : folded;
}
