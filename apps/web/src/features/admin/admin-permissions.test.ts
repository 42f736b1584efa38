import { describe, expect, it } from 'vitest';
import { can, sectionOrder, sectionsFor } from './admin-permissions.ts';

describe('back office sections per staff role (server route policies)', () => {
  it('shows reviewers the queues, members and channels, but not reconciliation or the audit log', () => {
    expect(sectionsFor('reviewer')).toEqual([
      'realname',
      'deposits',
      'withdrawals',
      'seats',
      'blockApplications',
      'loanApplications',
      'daytradeApplications',
      'members',
      'channels',
      'block',
      'loans',
      'daytrade',
      'copy',
    ]);
    expect(can.decide('reviewer')).toBe(true);
    expect(can.saveCopy('reviewer')).toBe(false);
    expect(can.saveCopy('admin')).toBe(true);
    expect(can.restrict('reviewer')).toBe(false);
  });

  it('lets auditors read everything but decide nothing', () => {
    expect(sectionsFor('auditor')).toEqual([
      'realname',
      'deposits',
      'withdrawals',
      'seats',
      'blockApplications',
      'loanApplications',
      'daytradeApplications',
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
    ]);
    expect([
      can.decide('auditor'),
      can.restrict('auditor'),
      can.editSettings('auditor'),
      can.publishNews('auditor'),
      can.withdrawNews('auditor'),
    ]).toEqual([false, false, false, false, false]);
    expect(can.market('auditor')).toEqual({ halt: false, resume: false, delist: false });
  });

  it('keeps support out of real-name review, and gives admin everything', () => {
    expect(sectionsFor('support')).not.toContain('realname');
    expect(can.restrict('support')).toBe(true);
    expect(sectionsFor('admin')).toEqual(sectionOrder);
    expect(can.publishNews('support')).toBe(true);
    expect(can.editSettings('admin')).toBe(true);
  });

  it('lets support and auditors read the market list, and only admin halt, resume or delist', () => {
    expect(sectionsFor('support')).toContain('market');
    expect(sectionsFor('reviewer')).not.toContain('market');
    expect(can.market('support')).toEqual({ halt: false, resume: false, delist: false });
    expect(can.market('admin')).toEqual({ halt: true, resume: true, delist: true });
    expect([can.withdrawNews('support'), can.withdrawNews('admin'), can.withdrawNews('reviewer')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('lets admin, support and auditors read trading, and only admin change its terms or sale rules', () => {
    expect((['admin', 'support', 'auditor', 'reviewer'] as const).map((r) => sectionsFor(r).includes('trade'))).toEqual(
      [true, true, true, false],
    );
    expect((['admin', 'support', 'auditor'] as const).map((r) => can.saveTradeSettings(r))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('shows IPO offerings to admin, support and auditors, and lets only admin create or cancel one', () => {
    expect((['admin', 'support', 'auditor', 'reviewer'] as const).map((r) => sectionsFor(r).includes('ipo'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect((['admin', 'support', 'auditor', 'reviewer'] as const).map((r) => can.saveIpo(r))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('shows staff accounts to admin and auditors, and lets only admin change them', () => {
    const roles = ['admin', 'auditor', 'support', 'reviewer'] as const;
    expect(roles.map((r) => sectionsFor(r).includes('staff'))).toEqual([true, true, false, false]);
    expect(roles.map((r) => can.manageStaff(r))).toEqual([true, false, false, false]);
  });

  it('shows seat-account applications to every staff role, and lets only admin and reviewers decide them', () => {
    const roles = ['admin', 'reviewer', 'auditor', 'support'] as const;
    expect(roles.map((r) => sectionsFor(r).includes('seats'))).toEqual([true, true, true, true]);
    expect(roles.map((r) => can.decideSeats(r))).toEqual([true, true, false, false]);
  });

  it('shows block-trade products and applications to every staff role; only admin lists or withdraws a product', () => {
    const roles = ['admin', 'reviewer', 'auditor', 'support'] as const;
    expect(roles.map((r) => sectionsFor(r).includes('block'))).toEqual([true, true, true, true]);
    expect(roles.map((r) => sectionsFor(r).includes('blockApplications'))).toEqual([true, true, true, true]);
    // Issue 26: loan applications and the lending terms are read by every role; admin and reviewers decide, admin saves.
    expect(roles.map((r) => sectionsFor(r).includes('loanApplications'))).toEqual([true, true, true, true]);
    expect(roles.map((r) => sectionsFor(r).includes('loans'))).toEqual([true, true, true, true]);
    expect(roles.map((r) => can.decideLoan(r))).toEqual(roles.map((r) => r === 'admin' || r === 'reviewer'));
    expect(roles.map((r) => can.saveLoanTerms(r))).toEqual(roles.map((r) => r === 'admin'));
    expect(roles.map((r) => can.saveBlock(r))).toEqual([true, false, false, false]);
  });

  it('lets admin and reviewers decide block-trade applications, and auditors and support only read them', () => {
    const roles = ['admin', 'reviewer', 'auditor', 'support'] as const;
    expect(roles.map((r) => can.decideBlock(r))).toEqual([true, true, false, false]);
  });
});
