// Who may make each back-office call (STYLE §9, issue 6 §3). The contracts take their policy from here and the
// back office draws its navigation from the same objects, without loading the contracts' zod schemas.
import { staffCall } from '../policy.ts';

export const adminPolicies = {
  auditLog: staffCall('admin', 'auditor'),
  memberSearch: staffCall('admin', 'reviewer', 'support', 'auditor'),
  memberDetail: staffCall('admin', 'reviewer', 'support', 'auditor'),
  restrict: staffCall('admin', 'support'),
  liftRestriction: staffCall('admin', 'support'),
  realNameList: staffCall('reviewer', 'admin', 'auditor'),
  realNameDecide: staffCall('admin', 'reviewer'),
  depositsList: staffCall('admin', 'reviewer', 'auditor', 'support'),
  depositsDecide: staffCall('admin', 'reviewer'),
  withdrawalsList: staffCall('admin', 'reviewer', 'auditor', 'support'),
  withdrawalsDecide: staffCall('admin', 'reviewer'),
  queueCounts: staffCall('admin', 'reviewer', 'support', 'auditor'),
  channelsList: staffCall('admin', 'reviewer', 'support', 'auditor'),
  channelSave: staffCall('admin'),
  withdrawalLimitsGet: staffCall('admin', 'reviewer', 'support', 'auditor'),
  withdrawalLimitsSave: staffCall('admin'),
  reconciliation: staffCall('admin', 'auditor'),
  symbols: staffCall('admin', 'support', 'auditor'),
  halt: staffCall('admin'),
  resume: staffCall('admin'),
  delist: staffCall('admin'),
  newsList: staffCall('admin', 'support', 'auditor'),
  newsPublish: staffCall('admin', 'support'),
  newsUnpublish: staffCall('admin', 'support'),
  tradeList: staffCall('admin', 'support', 'auditor'),
  tradeSettings: staffCall('admin', 'support', 'auditor'),
  tradeSettingsSave: staffCall('admin'),
} as const;
