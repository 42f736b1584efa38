import type { ResponseOf } from '@kabuto/contracts/call';
import type { uploadImageCall, viewImageCall } from '@kabuto/contracts/funds/real-name';
import type { UploadPurpose } from '@kabuto/contracts/funds/real-name';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const uploadImageRef = callRef<typeof uploadImageCall>('upload/image');
const viewImageRef = callRef<typeof viewImageCall>('upload/view');

export type UploadedImage = ResponseOf<typeof uploadImageCall>;

/** DESIGN "Uploads": multipart fields `purpose` and `file`. */
export function uploadImage(
  purpose: UploadPurpose,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return api.upload(uploadImageRef, form, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
}

/** Private images need the session headers, so they are fetched as bytes and shown through an object URL. */
export function fetchPrivateImage(id: string, signal?: AbortSignal): Promise<Blob> {
  return api.blob(viewImageRef, { id }, signal ? { signal } : {});
}

export const privateImageKey = (id: string) => [viewImageRef.path, id] as const;
