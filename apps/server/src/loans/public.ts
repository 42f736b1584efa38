// The credit-loan module's public surface (issue 26): other modules import only this file.
export { loanInterestJob } from './loan-interest-job.ts';
export { loansDueBy } from './loan-reminders.ts';
export { loanReviewKind } from './loan-review.ts';
export { loanRoutes } from './loans.routes.ts';
export { loanService, reconcileLoans } from './loans.service.ts';
