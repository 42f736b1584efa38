// The uploads module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { databaseStorage, folderStorage } from './upload-storage.ts';
export { uploadRoutes } from './upload.routes.ts';
export { requireOwnUpload, uploadService } from './upload.service.ts';
