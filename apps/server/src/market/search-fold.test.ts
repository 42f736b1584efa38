import { describe, expect, it } from 'vitest';
import { searchFold, toKatakana } from './search-fold.ts';

describe('the search key (issue 16 §3.7)', () => {
  it('turns hiragana into katakana and leaves everything else', () => {
    expect(toKatakana('とよた')).toBe('トヨタ');
    expect(toKatakana('いすゞ')).toBe('イスヾ');
    expect(toKatakana('ソニー 7203 abc 豊田')).toBe('ソニー 7203 abc 豊田');
  });

  it('folds hiragana, katakana and half-width katakana of a reading alike', () => {
    for (const q of ['とよた', 'トヨタ', 'ﾄﾖﾀ']) expect(searchFold(q)).toBe('トヨタ');
    expect(searchFold('そにー')).toBe(searchFold('ソニー'));
  });

  it('applies NFKC and lower case, and leaves out spaces and middle dots', () => {
    expect(searchFold('７２０３')).toBe('7203');
    expect(searchFold('Toyota Motor')).toBe('toyotamotor');
    expect(searchFold('ＳＯＭＰＯ')).toBe('sompo');
    expect(searchFold('三菱UFJフィナンシャル・グループ')).toBe(searchFold('三菱ufj フィナンシャルグループ'));
    expect(searchFold(' ・ ')).toBe('');
  });

  it('folds Traditional, Simplified and Japanese forms of Chinese characters to one', () => {
    expect(searchFold('丰田汽车')).toBe(searchFold('豐田汽車'));
    expect(searchFold('丰田')).toBe(searchFold('豊田'));
    expect(searchFold('软银集团')).toBe(searchFold('軟銀集團'));
    expect(searchFold('日本制铁')).toBe(searchFold('日本製鐵'));
    expect(searchFold('日本制铁')).toBe(searchFold('日本製鉄'));
    expect(searchFold('盐野义制药')).toBe(searchFold('塩野義製薬'));
    expect(searchFold('台湾')).toBe(searchFold('臺灣'));
    // Kana and Latin letters are not touched by the Chinese dictionaries.
    expect(searchFold('トヨタ自動車')).toMatch(/^トヨタ/);
  });
});
