// SPEC §5 and §9: images are JPG, PNG or GIF. DESIGN "API conventions": judged by content, never by
// the file name or the type the client claims. A file must also END where its format ends and carry
// no HTML, script or ZIP inside, so that it cannot be read as something else too (a polyglot).

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';
export const imageContentTypes: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/gif'];
export const imageExtensions: Readonly<Record<ImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/** The image type of the bytes, or null when they are not exactly one well-formed JPEG, PNG or GIF. */
export function judgeImage(bytes: Uint8Array): ImageType | null {
  const type = isPng(bytes) ? 'image/png' : isGif(bytes) ? 'image/gif' : isJpeg(bytes) ? 'image/jpeg' : null;
  return type && !hasForeignContent(bytes) ? type : null;
}

const startsWith = (b: Uint8Array, sig: readonly number[]): boolean =>
  b.length >= sig.length && sig.every((v, i) => b[i] === v);
const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number): number =>
  (((b[i] ?? 0) << 24) >>> 0) + (((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0));

/** JPEG: SOI, segments, at least one frame and one scan, and EOI (FF D9) as the very last two bytes. */
function isJpeg(b: Uint8Array): boolean {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return false;
  let i = 2;
  let frame = false;
  let scan = false;
  while (i < b.length) {
    if (b[i] !== 0xff) return false;
    while (b[i] === 0xff) i++; // fill bytes before a marker
    const marker = b[i];
    i++;
    if (marker === undefined || marker === 0x00) return false;
    if (marker === 0xd9) return frame && scan && i === b.length;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    const length = u16be(b, i);
    if (length < 2 || i + length > b.length) return false;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    i += length;
    if (marker === 0xda) {
      scan = true;
      // Entropy-coded data: FF 00 is a stuffed byte and FF D0–D7 a restart; any other FF xx is the next marker.
      while (i < b.length) {
        if (b[i] !== 0xff) {
          i++;
          continue;
        }
        const next = b[i + 1];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) i += 2;
        else if (next === 0xff) i++;
        else break;
      }
    }
  }
  return false;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** PNG: signature, IHDR first, chunks with valid CRCs, at least one IDAT, and IEND ending the file. */
function isPng(b: Uint8Array): boolean {
  if (!startsWith(b, pngSignature)) return false;
  let i: number = pngSignature.length;
  let first = true;
  let data = false;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = String.fromCharCode(b[i + 4] ?? 0, b[i + 5] ?? 0, b[i + 6] ?? 0, b[i + 7] ?? 0);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > b.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(b, i + 4, i + 8 + length) !== u32be(b, i + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data && length === 0 && end === b.length;
    i = end;
  }
  return false;
}

/** GIF: header, screen descriptor and colour table, image and extension blocks, and the trailer (3B) as the last byte. */
function isGif(b: Uint8Array): boolean {
  const header = String.fromCharCode(...b.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') return false;
  let i = 13;
  const packed = b[10] ?? 0;
  if (packed & 0x80) i += 3 * 2 ** ((packed & 0x07) + 1);
  let image = false;
  /** Skips data sub-blocks; answers the index after the terminator, or -1 when they run past the end. */
  const subBlocks = (at: number): number => {
    let j = at;
    for (;;) {
      const size = b[j];
      if (size === undefined) return -1;
      j += 1;
      if (size === 0) return j;
      j += size;
    }
  };
  while (i < b.length) {
    const block = b[i];
    if (block === 0x3b) return image && i + 1 === b.length;
    if (block === 0x2c) {
      if (i + 10 > b.length) return false;
      const local = b[i + 9] ?? 0;
      i += 10;
      if (local & 0x80) i += 3 * 2 ** ((local & 0x07) + 1);
      i += 1; // LZW minimum code size
      i = subBlocks(i);
      image = true;
    } else if (block === 0x21) {
      i = subBlocks(i + 2);
    } else {
      return false;
    }
    if (i < 0) return false;
  }
  return false;
}

// Text that makes a browser or an interpreter read the file as a document or a script. Tags must be
// followed by a space, '/' or '>' so that short names rarely match random bytes of compressed pixels.
const markup =
  /<(?:script|html|!doctype|body|head|iframe|frameset|frame|svg|object|embed|img|meta|style|link|form|base)[\s/>]|<\?php|javascript:|vbscript:/;

/** HTML, script or ZIP (JAR, DOCX…) signatures anywhere in the file. */
function hasForeignContent(b: Uint8Array): boolean {
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1').toLowerCase();
  if (markup.test(text)) return true;
  // ZIP local file header and end of central directory, with the fields that follow them in real archives
  // (version needed below 64; disk numbers 0), so that random bytes of compressed pixels rarely match.
  for (let k = text.indexOf('pk\x03\x04'); k >= 0; k = text.indexOf('pk\x03\x04', k + 1)) {
    if ((b[k + 4] ?? 0xff) < 64 && b[k + 5] === 0) return true;
  }
  for (let k = text.indexOf('pk\x05\x06'); k >= 0; k = text.indexOf('pk\x05\x06', k + 1)) {
    if (b[k + 4] === 0 && b[k + 5] === 0 && b[k + 6] === 0 && b[k + 7] === 0) return true;
  }
  return false;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG uses) of b[from..to). */
function crc32(b: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = (crcTable[(crc ^ (b[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
