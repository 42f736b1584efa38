import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { judgeImage } from './image-content.ts';
import { gif, gifWithComment, jpeg, png, pngChunk, zip } from './image-fixtures.ts';

// DESIGN "API conventions": JPG/PNG/GIF judged by content; polyglots are not images.
describe('image content judgement', () => {
  it('recognises a PNG, a GIF and a JPEG by their bytes alone', () => {
    expect(judgeImage(png())).toBe('image/png');
    expect(judgeImage(png({ width: 300 }))).toBe('image/png');
    expect(judgeImage(gif())).toBe('image/gif');
    expect(judgeImage(jpeg())).toBe('image/jpeg');
  });

  it('accepts metadata that is only text, such as a GIF comment or a PNG tEXt chunk', () => {
    expect(judgeImage(gifWithComment('Made by Kabuto tests'))).toBe('image/gif');
    expect(judgeImage(png({ extra: [pngChunk('tEXt', Buffer.from('Comment\0front of my ID card'))] }))).toBe(
      'image/png',
    );
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not a picture')],
    ['an HTML page', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a ZIP archive', zip()],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF')],
    ['only a PNG signature', png().subarray(0, 8)],
    ['only a GIF header', Buffer.from('GIF89a')],
    ['only a JPEG start', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
  ])('refuses %s', (_name, bytes) => {
    expect(judgeImage(bytes)).toBeNull();
  });

  it.each([
    ['a PNG with bytes after IEND', Buffer.concat([png(), Buffer.from('trailing')])],
    ['a PNG with one zero byte after IEND', Buffer.concat([png(), Buffer.from([0])])],
    ['a PNG followed by a ZIP', Buffer.concat([png(), zip()])],
    ['a PNG with a ZIP inside a chunk', png({ extra: [pngChunk('zIPp', zip())] })],
    [
      'a PNG with HTML in a tEXt chunk',
      png({ extra: [pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>'))] }),
    ],
    ['a PNG cut before IEND', png().subarray(0, png().length - 12)],
    [
      'a PNG with a broken CRC',
      (() => {
        const b = png();
        b.writeUInt8(b.readUInt8(b.length - 20) ^ 0xff, b.length - 20);
        return b;
      })(),
    ],
    ['a GIF with bytes after the trailer', Buffer.concat([gif(), Buffer.from('x')])],
    ['a GIF followed by a ZIP (GIFAR)', Buffer.concat([gif(), zip()])],
    ['a GIF followed by HTML', Buffer.concat([gif(), Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a GIF with HTML in its comment', gifWithComment('<html><body onload=alert(1)></body></html>')],
    ['a GIF with a script in its comment', gifWithComment('x<script src=//evil.example/x.js></script>')],
    ['a GIF with a ZIP in its comment', gifWithComment(zip().toString('latin1'))],
    [
      'a GIF/JavaScript polyglot header',
      Buffer.concat([Buffer.from('GIF89a/*'), gif().subarray(8), Buffer.from('*/=1;javascript:alert(1)')]),
    ],
    ['a JPEG with bytes after EOI', Buffer.concat([jpeg(), Buffer.from('<?php system($_GET[0]); ?>')])],
    ['a JPEG followed by a ZIP', Buffer.concat([jpeg(), zip()])],
    ['a JPEG without EOI', jpeg().subarray(0, jpeg().length - 2)],
    [
      'a JPEG with a PHP comment segment',
      (() => {
        const j = jpeg();
        const text = Buffer.from('<?php echo 1; ?>');
        const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
        return Buffer.concat([j.subarray(0, 2), com, j.subarray(2)]);
      })(),
    ],
  ])('refuses %s', (_name, bytes) => {
    expect(judgeImage(bytes)).toBeNull();
  });

  it('never throws on arbitrary bytes, with or without an image signature in front', () => {
    const prefixes = [Buffer.alloc(0), png().subarray(0, 8), Buffer.from('GIF89a'), Buffer.from([0xff, 0xd8, 0xff])];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 300 }), (prefix, rest) => {
        const result = judgeImage(Buffer.concat([prefix, rest]));
        expect(result === null || typeof result === 'string').toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every valid image with any bytes appended', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(png(), gif(), jpeg()),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        (image, tail) => {
          expect(judgeImage(Buffer.concat([image, tail]))).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
