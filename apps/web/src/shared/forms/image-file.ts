import { errorKeys } from '@kabuto/contracts/errors';

/** SPEC §5, §9: images are JPG, PNG or GIF, at most 5 MB (the server checks again, by content). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((b, i) => head[i] === b);
}

/** The image type the first bytes announce, or null (DESIGN "Uploads": checked by content). */
export function sniffImageType(head: Uint8Array): (typeof ACCEPTED_IMAGE_TYPES)[number] | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  return null;
}

/** The catalogued reason a chosen file is refused before upload, or null. */
export function imageFileError(file: { size: number }, head: Uint8Array): string | null {
  if (file.size === 0) return errorKeys.upload.empty;
  if (sniffImageType(head) === null) return errorKeys.upload.badType;
  if (file.size > MAX_IMAGE_BYTES) return errorKeys.upload.tooLarge;
  return null;
}

export async function readHead(file: Blob, length = 12): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}
