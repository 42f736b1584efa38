import type { StaffRole } from '@kabuto/contracts/fields';
import { adminPolicies } from '@kabuto/contracts/admin/policies';
import { roleMay, type CallPolicy } from '@kabuto/contracts/policy';
import { supportPolicies } from '@kabuto/contracts/support/policies';

// DESIGN "Reviews and the back office": each role sees only what it may use. The policies are the
// calls' own (issue 6 §3): the contracts take them from `adminPolicies`, the server refuses with them,
// and the navigation is drawn from them.

export type Section =
  | 'realname'
  | 'deposits'
  | 'withdrawals'
  | 'seats'
  | 'blockApplications'
  | 'loanApplications'
  | 'daytradeApplications'
  | 'support'
  | 'members'
  | 'channels'
  | 'market'
  | 'trade'
  | 'ipo'
  | 'block'
  | 'loans'
  | 'daytrade'
  | 'copy'
  | 'news'
  | 'staff'
  | 'reconciliation'
  | 'audit';
export type Queue = 'realName' | 'deposits' | 'withdrawals' | 'seats' | 'block' | 'loan' | 'daytrade';

/** The call that fills each section: a role sees the section when it may make that call. */
const sectionPolicy: Record<Section, CallPolicy> = {
  realname: adminPolicies.realNameList,
  deposits: adminPolicies.depositsList,
  withdrawals: adminPolicies.withdrawalsList,
  seats: adminPolicies.seatList,
  blockApplications: adminPolicies.blockApplicationsList,
  loanApplications: adminPolicies.loanApplicationsList,
  daytradeApplications: adminPolicies.daytradeApplicationsList,
  // Issue 27: the support inbox (support and admin only).
  support: supportPolicies.inbox,
  members: adminPolicies.memberSearch,
  channels: adminPolicies.channelsList,
  market: adminPolicies.symbols,
  trade: adminPolicies.tradeList,
  ipo: adminPolicies.ipoList,
  block: adminPolicies.blockList,
  loans: adminPolicies.loanSettings,
  daytrade: adminPolicies.daytradeSettings,
  copy: adminPolicies.copyList,
  news: adminPolicies.newsList,
  staff: adminPolicies.staffList,
  reconciliation: adminPolicies.reconciliation,
  audit: adminPolicies.auditLog,
};

export const sectionOrder: readonly Section[] = [
  'realname',
  'deposits',
  'withdrawals',
  'seats',
  'blockApplications',
  'loanApplications',
  'daytradeApplications',
  'support',
  'members',
  'channels',
  'market',
  'trade',
  'ipo',
  'block',
  'loans',
  'daytrade',
  'copy',
  'news',
  'staff',
  'reconciliation',
  'audit',
];

export function sectionsFor(role: StaffRole): Section[] {
  return sectionOrder.filter((s) => roleMay(sectionPolicy[s], role));
}

export const can = {
  decide: (role: StaffRole) => roleMay(adminPolicies.depositsDecide, role),
  /** Approve or reject a seat-account application (issue 25). */
  decideSeats: (role: StaffRole) => roleMay(adminPolicies.seatDecide, role),
  restrict: (role: StaffRole) => roleMay(adminPolicies.restrict, role),
  resetTwoFactor: (role: StaffRole) => roleMay(adminPolicies.twoFactorReset, role),
  editSettings: (role: StaffRole) => roleMay(adminPolicies.channelSave, role),
  publishNews: (role: StaffRole) => roleMay(adminPolicies.newsPublish, role),
  withdrawNews: (role: StaffRole) => roleMay(adminPolicies.newsUnpublish, role),
  market: (role: StaffRole) => ({
    halt: roleMay(adminPolicies.halt, role),
    resume: roleMay(adminPolicies.resume, role),
    delist: roleMay(adminPolicies.delist, role),
  }),
  /** Trading terms and per-product sale rules (one policy for both saves); orders and fills are never editable. */
  saveTradeSettings: (role: StaffRole) => roleMay(adminPolicies.tradeSettingsSave, role),
  /** Create an IPO offering and cancel one before its draw (one policy for both). */
  saveIpo: (role: StaffRole) => roleMay(adminPolicies.ipoSave, role),
  /** Approve or reject a block-trade application (issue 25). */
  decideBlock: (role: StaffRole) => roleMay(adminPolicies.blockDecide, role),
  /** List a block-trade product and withdraw one (one policy for both). */
  saveBlock: (role: StaffRole) => roleMay(adminPolicies.blockSave, role),
  /** Approve or reject a credit-loan application (issue 26). */
  decideLoan: (role: StaffRole) => roleMay(adminPolicies.loanDecide, role),
  /** Save the lending terms (issue 26). */
  saveLoanTerms: (role: StaffRole) => roleMay(adminPolicies.loanSettingsSave, role),
  /** Approve or reject a day-trading quota application (issue 26). */
  decideDayTrade: (role: StaffRole) => roleMay(adminPolicies.daytradeDecide, role),
  /** Set the demo market's day-trade cut-off (issue 26). */
  saveDayTradeTerms: (role: StaffRole) => roleMay(adminPolicies.daytradeSettingsSave, role),
  /** Mark a lead trader, publish and close copy-trading strategies (issue 26; one policy for all). */
  saveCopy: (role: StaffRole) => roleMay(adminPolicies.copySave, role),
  /** Create staff accounts, change their roles, disable, enable and reset passwords (one policy for all). */
  manageStaff: (role: StaffRole) => roleMay(adminPolicies.staffSave, role),
};
