import { describe, expect, it } from 'vitest';
import { daysUntil, jstMinute, loanReminder, paymentReminder } from './reminders.ts';

const at = (iso: string) => new Date(iso);

describe('payment reminders for IPO wins', () => {
  const win = { entryId: '42', memberId: 'm1', symbol: '9999', payBy: at('2026-12-01T06:00:00Z') };

  it('reminds once in the last day before the deadline, keyed by the entry, with the deadline in JST', () => {
    expect(paymentReminder(win, at('2026-11-30T06:00:00Z'))).toEqual({
      memberId: 'm1',
      key: 'ipo.payBy:42',
      draft: {
        topic: 'ipo',
        key: 'notices.text.ipo.paymentDue',
        params: { symbol: '9999', deadline: '2026-12-01 15:00' },
        link: '/market/subscribeRecord',
      },
    });
    // The same key an hour later: the job writes it once however often it runs.
    expect(paymentReminder(win, at('2026-11-30T07:00:00Z'))?.key).toBe('ipo.payBy:42');
  });

  it('says nothing more than a day ahead, or once the deadline has passed', () => {
    expect(paymentReminder(win, at('2026-11-30T05:59:59Z'))).toBeNull();
    expect(paymentReminder(win, at('2026-12-01T06:00:00Z'))).toBeNull();
  });
});

describe('due-date reminders for credit loans', () => {
  const loan = { loanId: 'L-1', memberId: 'm2', orderNo: 'LN001', dueDate: '2026-12-10' };

  it('counts JST days', () => {
    expect(daysUntil('2026-12-07', '2026-12-10')).toBe(3);
    expect(daysUntil('2026-12-11', '2026-12-10')).toBe(-1);
    expect(daysUntil('2026-02-27', '2026-03-01')).toBe(2);
    expect(jstMinute(at('2026-12-31T15:30:00Z'))).toBe('2027-01-01 00:30');
  });

  it('reminds in the last three days, due day included, then once when overdue', () => {
    expect(loanReminder(loan, '2026-12-06')).toBeNull();
    for (const today of ['2026-12-07', '2026-12-09', '2026-12-10'])
      expect(loanReminder(loan, today)).toEqual({
        memberId: 'm2',
        key: 'loan.due:L-1:2026-12-10',
        draft: {
          topic: 'loan',
          key: 'notices.text.loan.dueSoon',
          params: { target: 'LN001', date: '2026-12-10' },
          link: '/user/jkjl',
        },
      });
    const overdue = loanReminder(loan, '2026-12-11');
    expect(overdue?.key).toBe('loan.overdue:L-1:2026-12-10');
    expect(overdue?.draft.key).toBe('notices.text.loan.overdue');
    expect(loanReminder(loan, '2027-01-30')?.key).toBe('loan.overdue:L-1:2026-12-10');
  });
});
