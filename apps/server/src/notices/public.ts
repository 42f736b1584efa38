// The notices module's public surface (issue 27): other modules import only this file.
export { noticesFromEvents, writeNotices } from './notice-writer.ts';
export type { NoticeToWrite } from './notice-writer.ts';
export { noticeRoutes } from './notices.routes.ts';
export { noticeService } from './notices.service.ts';
export { priceAlertWatcher } from './price-alert-watcher.ts';
export { reminderJob } from './reminder-job.ts';
