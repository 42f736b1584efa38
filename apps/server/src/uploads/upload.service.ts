import { createHash, randomBytes } from 'node:crypto';
import { one } from '@kabuto/db/rows';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { UploadPurpose, uploadImageCall } from '@kabuto/contracts/funds/real-name';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { RawAnswer, UploadedFile } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { imageExtensions, judgeImage, type ImageType } from './image-content.ts';
import { recordAudit } from '../audit/public.ts';
import type { UploadStorage } from './upload-storage.ts';

/** Staff roles that read chat images (issue 27: the support inbox's roles). */
const supportRoles: readonly string[] = ['support', 'admin'];

// SPEC §5 and §9: images at most 5 MB.
export const maxImageBytes = 5 * 1024 * 1024;

export interface UploadDeps {
  db: Database;
  clock: Clock;
  /** Private storage, never served statically (a folder, or PostgreSQL in the scaled mode). */
  storage: UploadStorage;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const storedNamePattern = /^[0-9a-f]{48}$/;

/**
 * Refuses (404 upload.notFound) unless the upload exists, belongs to the member and was made for `purpose`.
 * The same answer for someone else's upload, so its existence is not revealed.
 */
export async function requireOwnUpload(
  sql: Sql,
  memberId: string,
  uploadId: string,
  purpose: UploadPurpose,
): Promise<void> {
  if (!uuidPattern.test(uploadId)) throw refuse(errorKeys.upload.notFound);
  const rows = await sql.query(`SELECT 1 FROM uploads WHERE id = $1 AND member_id = $2 AND purpose = $3`, [
    uploadId,
    memberId,
    purpose,
  ]);
  if (rows.length === 0) throw refuse(errorKeys.upload.notFound);
}

export function uploadService({ db, clock, storage }: UploadDeps) {
  return {
    /** Checks the bytes, writes them under a random name, then records the upload; nothing is kept on refusal. */
    async store(
      memberId: string,
      purpose: UploadPurpose,
      file: UploadedFile | undefined,
    ): Promise<ResponseOf<typeof uploadImageCall>> {
      if (file?.tooLarge) throw refuse(errorKeys.upload.tooLarge);
      if (!file || file.bytes.length === 0) throw refuse(errorKeys.upload.empty);
      const contentType = judgeImage(file.bytes);
      if (!contentType) throw refuse(errorKeys.upload.badType);
      const storedName = randomBytes(24).toString('hex');
      await storage.put(storedName, file.bytes);
      try {
        const row = await one<{ id: string }>(
          db,
          `INSERT INTO uploads (member_id, purpose, content_type, size_bytes, sha256, stored_name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            memberId,
            purpose,
            contentType,
            file.bytes.length,
            createHash('sha256').update(file.bytes).digest('hex'),
            storedName,
            clock.now(),
          ],
        );
        return { id: row.id, purpose, contentType, size: file.bytes.length };
      } catch (err) {
        await storage.remove(storedName);
        throw err;
      }
    },

    /** The bytes, to their owner or to staff; anyone else gets the same 404 as for a missing id. */
    async view(p: Principal, id: string, requestId: string): Promise<RawAnswer> {
      const [row] = await db.query<{
        member_id: string;
        content_type: ImageType;
        stored_name: string;
        purpose: UploadPurpose;
        account: string;
      }>(
        `SELECT u.member_id, u.content_type, u.stored_name, u.purpose, m.account FROM uploads u JOIN members m ON m.id = u.member_id WHERE u.id = $1`,
        [id],
      );
      if (!row || (row.member_id !== p.memberId && !p.role) || !storedNamePattern.test(row.stored_name))
        throw refuse(errorKeys.upload.notFound);
      // Issue 27: chat images are the thread's member's and support's (support and admin), not every reviewer's.
      if (row.purpose === 'support_chat' && row.member_id !== p.memberId && !supportRoles.includes(p.role ?? ''))
        throw refuse(errorKeys.upload.notFound);
      // Staff looking at a member's documents is a staff action: it goes in the audit log.
      if (p.role && row.member_id !== p.memberId) {
        await recordAudit(
          db,
          {
            actorId: p.memberId,
            actorRole: p.role,
            action: 'upload.view',
            target: `${row.account} ${row.purpose} ${id}`,
            requestId,
          },
          clock.now(),
        );
      }
      const bytes = await storage.get(row.stored_name);
      if (!bytes) throw refuse(errorKeys.upload.notFound);
      return {
        contentType: row.content_type,
        bytes,
        headers: {
          'cache-control': 'private, no-store',
          'content-disposition': `inline; filename="${id}.${imageExtensions[row.content_type]}"`,
        },
      };
    },
  };
}
export type UploadService = ReturnType<typeof uploadService>;
