// The IPO module's public surface (issue 25): other modules import only this file (lint kabuto/boundaries).
export { ipoJob } from './ipo-job.ts';
export { winsAwaitingPayment } from './ipo-reminders.ts';
export { ipoRoutes } from './ipo.routes.ts';
export { ipoService } from './ipo.service.ts';
export type { IpoService } from './ipo.service.ts';
