import { uploadImageCall, viewImageCall } from '@kabuto/contracts/funds/real-name';
import { route, type Route } from '../http/public.ts';
import { imageContentTypes } from './image-content.ts';
import { maxImageBytes, type UploadService } from './upload.service.ts';

export function uploadRoutes(uploads: UploadService): Route[] {
  return [
    route({
      call: uploadImageCall,
      multipart: { fileField: 'file', maxFileBytes: maxImageBytes },
      handler: ({ principal, body, file }) => uploads.store(principal.memberId, body.purpose, file),
    }),
    // Staff of every role read ID images and receipts for their reviews; the service checks owner-or-staff.
    route({
      call: viewImageCall,
      raw: { contentTypes: imageContentTypes },
      handler: ({ principal, body, requestId }) => uploads.view(principal, body.id, requestId),
    }),
  ];
}
