// Every action the server writes to the audit log, zod-free so the back office can name them in words.
// The server's `recordAudit` accepts only these, so a new staff action cannot reach the log without a name here
// (and the web catalogue test then asks for its words in en, tw and jp).

/** The review kinds whose decisions are audited as `<kind>.approve`, `<kind>.reject`, `<kind>.firstApproval`. */
export type AuditedReviewKind = 'realName' | 'deposit' | 'withdrawal' | 'seat' | 'block';

export const auditActions = [
  'staff.signIn',
  'staff.changePassword',
  'realName.approve',
  'realName.reject',
  'realName.firstApproval',
  'deposit.approve',
  'deposit.reject',
  'deposit.firstApproval',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.firstApproval',
  'seat.approve',
  'seat.reject',
  'seat.firstApproval',
  'block.approve',
  'block.reject',
  'block.firstApproval',
  'member.restrict',
  'member.lift',
  'channel.save',
  'withdrawalLimits.save',
  'upload.view',
  'news.publish',
  'news.unpublish',
  'market.halt',
  'market.resume',
  'market.delist',
  'trade.termsSave',
  'trade.productRulesSave',
  'ipo.create',
  'ipo.cancel',
  'ipo.grabWindow',
  'block.create',
  'block.withdraw',
  'staff.create',
  'staff.setRole',
  'staff.disable',
  'staff.enable',
  'staff.resetPassword',
] as const satisfies readonly (`${string}.${string}` & string)[];

export type AuditAction = (typeof auditActions)[number];
