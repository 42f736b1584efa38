import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { buildApp, type KabutoApp } from '../app.ts';
import { describeEachDatabase } from '../test/harness.ts';
import {
  gif,
  gifWithComment,
  jpeg,
  png,
  pngChunk,
  pngOfSize,
  postUpload,
  zip,
  type FilePart,
} from './image-fixtures.ts';

const fiveMb = 5 * 1024 * 1024;

// SPEC §5, §9: JPG, PNG or GIF, at most 5 MB. DESIGN: checked by content, stored privately under random names.
describeEachDatabase('image uploads: hostile files', (h) => {
  let own: KabutoApp;
  let uploadDir: string;
  let member: Record<string, string>;
  beforeAll(async () => {
    // A folder of our own (created by the server on first upload), to see exactly what is written.
    uploadDir = join(await mkdtemp(join(tmpdir(), 'kabuto-hostile-')), 'uploads');
    own = await buildApp({ db: h().db, clock: h().clock, sms: h().sms, uploadDir });
    await own.app.ready();
    member = (await h().member()).headers;
  });
  afterAll(async () => {
    await own?.app.close();
    await rm(join(uploadDir, '..'), { recursive: true, force: true });
  });

  // Embedded mode keeps the bytes in the private folder; the scaled mode (PostgreSQL) in upload_blobs.
  const files = async () =>
    h().kind === 'postgres'
      ? (await h().db.query<{ stored_name: string }>(`SELECT stored_name FROM upload_blobs ORDER BY stored_name`)).map(
          (r) => r.stored_name,
        )
      : readdir(uploadDir).catch(() => [] as string[]);
  const storedBytes = async (name: string): Promise<Buffer> =>
    h().kind === 'postgres'
      ? Buffer.from(
          (
            await h().db.query<{ bytes: Uint8Array }>(`SELECT bytes FROM upload_blobs WHERE stored_name = $1`, [name])
          )[0]?.bytes ?? new Uint8Array(),
        )
      : readFile(join(uploadDir, name));
  const rows = async () => Number((await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM uploads`))[0]?.n);
  const send = (file: FilePart | null, purpose = 'id_front') =>
    postUpload(own.app, member, { purpose }, file ? [file] : []);

  /** Sends the file and expects the refusal, with no row and no file left behind. */
  const expectRefusedAndNothingStored = async (file: FilePart | null, http: number, msg: string) => {
    const [rowsBefore, filesBefore] = [await rows(), await files()];
    const res = await send(file);
    expect(res).toMatchObject({ http, status: 0, msg, data: null });
    expect(await rows()).toBe(rowsBefore);
    expect(await files()).toEqual(filesBefore);
  };

  it('stores a valid PNG, GIF and JPEG under a random name in private storage, typed by content', async () => {
    for (const [data, type, claimed] of [
      [png(), 'image/png', 'image/gif'],
      [gif(), 'image/gif', 'application/octet-stream'],
      [jpeg(), 'image/jpeg', 'image/png'],
    ] as const) {
      const res = await send({ name: 'photo.png', type: claimed, data });
      expect(res).toMatchObject({
        http: 200,
        status: 1,
        data: { purpose: 'id_front', contentType: type, size: data.length },
      });
      const [row] = await h().db.query<{
        stored_name: string;
        size_bytes: number;
        content_type: string;
        sha256: string;
      }>(`SELECT stored_name, size_bytes, content_type, sha256 FROM uploads WHERE id = $1`, [res.data?.id as string]);
      expect(row?.stored_name).toMatch(/^[0-9a-f]{48}$/);
      expect(row?.stored_name).not.toContain('photo');
      expect(await storedBytes(row?.stored_name as string)).toEqual(data);
      expect(row?.content_type).toBe(type);
    }
    // Not readable by other users of the machine.
    if (h().kind === 'pglite') expect((await stat(uploadDir)).mode & 0o077).toBe(0);
  });

  it('refuses a text file renamed .jpg and claimed as image/jpeg (415 badType)', async () => {
    await expectRefusedAndNothingStored(
      { name: 'id.jpg', type: 'image/jpeg', data: Buffer.from('this is not a picture\n') },
      415,
      errorKeys.upload.badType,
    );
  });

  it('refuses an HTML page and an SVG sent as images', async () => {
    await expectRefusedAndNothingStored(
      { name: 'id.png', type: 'image/png', data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>') },
      415,
      errorKeys.upload.badType,
    );
    await expectRefusedAndNothingStored(
      { name: 'id.gif', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      415,
      errorKeys.upload.badType,
    );
  });

  it('refuses an empty file and a form without a file (upload.empty)', async () => {
    await expectRefusedAndNothingStored(
      { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
      400,
      errorKeys.upload.empty,
    );
    await expectRefusedAndNothingStored(null, 400, errorKeys.upload.empty);
  });

  it('refuses a valid image one byte over 5 MB, and one far over it (413 upload.tooLarge)', async () => {
    await expectRefusedAndNothingStored(
      { name: 'big.png', type: 'image/png', data: pngOfSize(fiveMb + 1) },
      413,
      errorKeys.upload.tooLarge,
    );
    await expectRefusedAndNothingStored(
      { name: 'bigger.png', type: 'image/png', data: pngOfSize(fiveMb + 10 * 1024) },
      413,
      errorKeys.upload.tooLarge,
    );
    await expectRefusedAndNothingStored(
      { name: 'huge.png', type: 'image/png', data: pngOfSize(8 * 1024 * 1024) },
      413,
      errorKeys.upload.tooLarge,
    );
  });

  it('accepts a valid image of exactly 5 MB', async () => {
    const res = await send({ name: 'max.png', type: 'image/png', data: pngOfSize(fiveMb) });
    expect(res).toMatchObject({ http: 200, status: 1, data: { size: fiveMb, contentType: 'image/png' } });
  });

  it('refuses polyglots: GIF+HTML, GIF+ZIP, and a ZIP or script hidden inside an image', async () => {
    const polyglots: [string, Buffer][] = [
      [
        'GIF with HTML in its comment',
        gifWithComment('<html><body><script>alert(document.cookie)</script></body></html>'),
      ],
      ['GIF followed by HTML', Buffer.concat([gif(), Buffer.from('<html><script>alert(1)</script></html>')])],
      ['GIF followed by a ZIP (GIFAR)', Buffer.concat([gif(), zip()])],
      ['GIF with a ZIP in its comment', gifWithComment(zip().toString('latin1'))],
      ['PNG with a ZIP chunk', png({ extra: [pngChunk('zIPp', zip())] })],
      ['JPEG followed by PHP', Buffer.concat([jpeg(), Buffer.from('<?php system($_GET["c"]); ?>')])],
    ];
    for (const [name, data] of polyglots) {
      await expectRefusedAndNothingStored(
        { name: `${name}.gif`, type: 'image/gif', data },
        415,
        errorKeys.upload.badType,
      );
    }
  });

  it('refuses a PNG with trailing bytes after IEND', async () => {
    await expectRefusedAndNothingStored(
      { name: 'tail.png', type: 'image/png', data: Buffer.concat([png(), Buffer.from('AAAA')]) },
      415,
      errorKeys.upload.badType,
    );
  });

  it('refuses a second file, a file under another field name and an unknown purpose, storing nothing', async () => {
    const before = [await rows(), await files()];
    const two = await postUpload(own.app, member, { purpose: 'id_front' }, [
      { name: 'a.png', type: 'image/png', data: png() },
      { name: 'b.png', type: 'image/png', data: png() },
    ]);
    expect(two).toMatchObject({ http: 400, status: 0, msg: errorKeys.request.invalid });
    const other = await postUpload(own.app, member, { purpose: 'id_front' }, [
      { name: 'a.png', type: 'image/png', data: png(), field: 'image' },
    ]);
    expect(other).toMatchObject({ http: 400, status: 0, msg: errorKeys.request.invalid });
    const purpose = await send({ name: 'a.png', type: 'image/png', data: png() }, 'avatar');
    expect(purpose).toMatchObject({ http: 400, status: 0, msg: errorKeys.request.invalid });
    expect([await rows(), await files()]).toEqual(before);
  });

  it('refuses a JSON body and a malformed multipart body with 400, never 5xx', async () => {
    const json = await own.app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      headers: { ...member, 'content-type': 'application/json' },
      payload: { purpose: 'id_front' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 0, msg: errorKeys.request.invalid });
    const cut = await own.app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      headers: { ...member, 'content-type': 'multipart/form-data; boundary=zz' },
      payload:
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ status: 0, msg: errorKeys.request.invalid });
  });

  it('asks for a sign-in before reading any file', async () => {
    const res = await postUpload(own.app, {}, { purpose: 'id_front' }, [
      { name: 'a.png', type: 'image/png', data: png() },
    ]);
    expect(res).toMatchObject({ http: 401, status: 0, msg: errorKeys.auth.required });
  });
});
