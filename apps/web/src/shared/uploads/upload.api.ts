import type { ResponseOf } from '@kabuto/contracts/call';
import { uploadImageCall, viewImageCall } from '@kabuto/contracts/funds/real-name';
import type { UploadPurpose } from '@kabuto/contracts/funds/real-name';
import { api } from '../api/api.ts';

export type UploadedImage = ResponseOf<typeof uploadImageCall>;

/** DESIGN "Uploads": multipart fields `purpose` and `file`. */
export function uploadImage(purpose: UploadPurpose, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return api.upload(uploadImageCall, form, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
}

/** Private images need the session headers, so they are fetched as bytes and shown through an object URL. */
export function fetchPrivateImage(id: string, signal?: AbortSignal): Promise<Blob> {
  return api.blob(viewImageCall, { id }, signal ? { signal } : {});
}

export const privateImageKey = (id: string) => [viewImageCall.path, id] as const;
