import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkMessageText, maxMessageChars, messageLength } from './message-text.ts';

describe('chat message text (issue 27)', () => {
  it('keeps HTML and script as the text that was sent', () => {
    const html = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    expect(checkMessageText(html)).toEqual({ ok: html });
  });

  it('refuses an empty message and one of only spaces or zero-width marks', () => {
    for (const raw of ['', '   ', '\n\t ', '\u3000', '\u200B\u200B', '\u200D', ' \u200E '])
      expect(checkMessageText(raw), JSON.stringify(raw)).toEqual({ refused: 'empty' });
  });

  it('allows 2,000 characters, counted as code points, and refuses one more', () => {
    expect(checkMessageText('あ'.repeat(maxMessageChars))).toEqual({ ok: 'あ'.repeat(maxMessageChars) });
    expect(checkMessageText('😀'.repeat(maxMessageChars))).toEqual({ ok: '😀'.repeat(maxMessageChars) });
    expect(checkMessageText('a'.repeat(maxMessageChars + 1))).toEqual({ refused: 'tooLong' });
    expect(checkMessageText('x'.repeat(100 * 1024))).toEqual({ refused: 'tooLong' });
  });

  it('refuses bidi overrides, embeddings and isolates and control characters', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(checkMessageText(`abc${c}def`)).toEqual({ refused: 'controlChars' });
    for (const c of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085'])
      expect(checkMessageText(`abc${c}def`)).toEqual({ refused: 'controlChars' });
  });

  it('keeps right-to-left letters, joiners and marks; drops zero-width spaces and the BOM', () => {
    expect(checkMessageText('مرحبا שלום')).toEqual({ ok: 'مرحبا שלום' });
    expect(checkMessageText('👨\u200D👩\u200D👧')).toEqual({ ok: '👨\u200D👩\u200D👧' });
    expect(checkMessageText('pay\u200Bpal\uFEFF')).toEqual({ ok: 'paypal' });
    expect(checkMessageText('a\u200Fb')).toEqual({ ok: 'a\u200Fb' });
  });

  it('turns CRLF and CR into LF and trims the ends', () => {
    expect(checkMessageText('  one\r\ntwo\rthree \n')).toEqual({ ok: 'one\ntwo\nthree' });
  });

  it('answers every string: accepted text is trimmed, within the limit and free of refused characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2100 }), (raw) => {
        const r = checkMessageText(raw);
        if ('ok' in r) {
          expect(r.ok).toBe(r.ok.trim());
          expect(r.ok).not.toBe('');
          expect(messageLength(r.ok)).toBeLessThanOrEqual(maxMessageChars);
          expect(/[\u202A-\u202E\u2066-\u2069\u200B\uFEFF]/u.test(r.ok)).toBe(false);
        } else expect(['empty', 'tooLong', 'controlChars']).toContain(r.refused);
      }),
      { numRuns: 200 },
    );
  });
});
