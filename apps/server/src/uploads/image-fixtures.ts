// Tests only: tiny valid images built in code, hostile variants of them, and multipart bodies.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** A valid RGB PNG of `width`×1 red pixels, with optional extra chunks before IEND. */
export function png(opts: { width?: number; extra?: Buffer[] } = {}): Buffer {
  const width = opts.width ?? 1;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0)]);
  for (let x = 0; x < width; x++) row[1 + x * 3] = 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(row)),
    ...(opts.extra ?? []),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of exactly `size` bytes, padded with a private ancillary chunk of zeros. */
export function pngOfSize(size: number): Buffer {
  const base = png({ extra: [pngChunk('prVt', Buffer.alloc(0))] });
  return png({ extra: [pngChunk('prVt', Buffer.alloc(size - base.length, 0))] });
}

/** The classic 1×1 GIF89a: colour table, graphic control extension, one image, trailer. */
export const gif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A GIF89a whose comment extension holds `text` (before the image), still ending with its trailer. */
export function gifWithComment(text: string): Buffer {
  const g = gif();
  const body = Buffer.from(text, 'latin1');
  const blocks: Buffer[] = [];
  for (let i = 0; i < body.length; i += 255) {
    const part = body.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), ...blocks, Buffer.from([0])]);
  // Header (6) + screen descriptor (7) + 2-colour table (6) = 19 bytes before the first block.
  return Buffer.concat([g.subarray(0, 19), comment, g.subarray(19)]);
}

/** A baseline 8×8 grey JPEG: JFIF, quantisation table, frame, Huffman tables, one scan, EOI. */
export function jpeg(): Buffer {
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const huffman = (tableClass: number) =>
    Buffer.from([0xff, 0xc4, 0x00, 0x14, tableClass, 1, ...Array<number>(15).fill(0), 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]),
    dqt,
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]),
    huffman(0x00),
    huffman(0x10),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    // DC category 0 ('0') then end of block ('0'), padded with ones.
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A minimal ZIP archive (one empty stored file `a.txt`): local header, central directory, end record. */
export function zip(): Buffer {
  const name = Buffer.from('a.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length, 16);
  return Buffer.concat([local, name, central, name, end]);
}

export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; contentType: string } {
  const boundary = `----kabuto${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadAnswer {
  http: number;
  status: number;
  msg: string;
  data: { id: string; purpose: string; contentType: string; size: number } | null;
}

/** Posts upload/image with the given purpose and file parts. */
export async function postUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: FilePart[],
): Promise<UploadAnswer> {
  const { payload, contentType } = multipartBody(fields, files);
  const res = await app.inject({
    method: 'POST',
    url: '/api/vue/upload/image',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  const json = res.json() as Omit<UploadAnswer, 'http'>;
  return { http: res.statusCode, ...json };
}

/** Uploads a valid image and answers its id. */
export async function uploadImage(
  app: FastifyInstance,
  headers: Record<string, string>,
  purpose: 'id_front' | 'id_back' | 'deposit_receipt' | 'support_chat',
  data: Buffer = png(),
): Promise<string> {
  const res = await postUpload(app, headers, { purpose }, [{ name: `${purpose}.png`, type: 'image/png', data }]);
  if (res.status !== 1 || !res.data) throw new Error(`upload failed: ${res.msg}`);
  return res.data.id;
}
