import { describe, expect, it } from 'vitest';
import { can, sectionsFor } from './admin-permissions.ts';

describe('back office sections per staff role (server route policies)', () => {
  it('shows reviewers the queues, members and channels, but not reconciliation or the audit log', () => {
    expect(sectionsFor('reviewer')).toEqual(['realname', 'deposits', 'withdrawals', 'members', 'channels']);
    expect(can.decide('reviewer')).toBe(true);
    expect(can.restrict('reviewer')).toBe(false);
  });

  it('lets auditors read everything but decide nothing', () => {
    expect(sectionsFor('auditor')).toEqual(['realname', 'deposits', 'withdrawals', 'members', 'channels', 'news', 'reconciliation', 'audit']);
    expect([can.decide('auditor'), can.restrict('auditor'), can.editSettings('auditor'), can.publishNews('auditor')]).toEqual([false, false, false, false]);
  });

  it('keeps support out of real-name review, and gives admin everything', () => {
    expect(sectionsFor('support')).not.toContain('realname');
    expect(can.restrict('support')).toBe(true);
    expect(sectionsFor('admin')).toHaveLength(8);
    expect(can.publishNews('support')).toBe(true);
    expect(can.editSettings('admin')).toBe(true);
  });
});
