import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@kabuto/db/database';
import type { Clock } from '../clock.ts';

/**
 * Where uploaded image bytes live. Embedded mode: a private folder. Scaled mode: PostgreSQL, so
 * every API process serves the same images whichever process received them.
 */
export interface UploadStorage {
  readonly kind: 'folder' | 'database';
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the name. */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

export function folderStorage(dir: string): UploadStorage {
  return {
    kind: 'folder',
    async put(name, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
    },
    async get(name) {
      try {
        return await readFile(join(dir, name));
      } catch {
        return null;
      }
    },
    async remove(name) {
      await unlink(join(dir, name)).catch(() => undefined);
    },
  };
}

export function databaseStorage(db: Database, clock: Clock): UploadStorage {
  return {
    kind: 'database',
    async put(name, bytes) {
      await db.query(`INSERT INTO upload_blobs (stored_name, bytes, created_at) VALUES ($1, $2, $3)`, [
        name,
        new Uint8Array(bytes),
        clock.now(),
      ]);
    },
    async get(name) {
      const [row] = await db.query<{ bytes: Uint8Array }>(`SELECT bytes FROM upload_blobs WHERE stored_name = $1`, [
        name,
      ]);
      return row ? Buffer.from(row.bytes) : null;
    },
    async remove(name) {
      await db.query(`DELETE FROM upload_blobs WHERE stored_name = $1`, [name]);
    },
  };
}
