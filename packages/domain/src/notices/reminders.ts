// Issue 27 "Notices": the reminders a member gets before a deadline of theirs passes — an IPO win's payment deadline
// and a credit loan's due date. Pure: the leader's reminder job loads the facts, this decides which reminders are due
// and the key each is written under (one notice per key, ever), and the screens read the keys from part `notices`.
import { jstParts } from '../calendar/jst.ts';
import type { NoticeDraft } from './notice-of-event.ts';

/** An IPO win is reminded once its payment deadline is this close (and not yet passed). */
export const paymentReminderMs = 24 * 3_600_000;
/** A loan is reminded once its due date is this many JST days away or closer. */
export const loanReminderDays = 3;

export interface UnpaidWin {
  readonly entryId: string;
  readonly memberId: string;
  readonly symbol: string;
  readonly payBy: Date;
}

export interface OwedLoan {
  readonly loanId: string;
  readonly memberId: string;
  readonly orderNo: string;
  /** The JST day the loan is due (its payout day plus its term), YYYY-MM-DD. */
  readonly dueDate: string;
}

export interface Reminder {
  readonly memberId: string;
  /** Unique among all reminders ever written: the same reminder is never written twice, whoever runs the job. */
  readonly key: string;
  readonly draft: NoticeDraft;
}

/** A JST wall-clock time as the notices show it, the same in every language: 2026-12-01 15:00. */
export function jstMinute(at: Date): string {
  const p = jstParts(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(Math.floor(p.minuteOfDay / 60))}:${two(p.minuteOfDay % 60)}`;
}

/** Whole days from `today` to `date` (both YYYY-MM-DD): negative once `date` has passed. */
export function daysUntil(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The reminder an unpaid win is due now, if any: once, in the last day before its deadline. */
export function paymentReminder(win: UnpaidWin, now: Date): Reminder | null {
  const left = win.payBy.getTime() - now.getTime();
  if (left <= 0 || left > paymentReminderMs) return null;
  return {
    memberId: win.memberId,
    key: `ipo.payBy:${win.entryId}`,
    draft: {
      topic: 'ipo',
      key: 'notices.text.ipo.paymentDue',
      params: { symbol: win.symbol, deadline: jstMinute(win.payBy) },
      link: '/market/subscribeRecord',
    },
  };
}

/**
 * The reminder a loan owed is due on JST day `today`, if any: "due soon" once in the last `loanReminderDays` days
 * (the due day included), "overdue" once after it. Keyed by the due date, so a loan's term changing would remind
 * again for the new date.
 */
export function loanReminder(loan: OwedLoan, today: string): Reminder | null {
  const days = daysUntil(today, loan.dueDate);
  if (days > loanReminderDays) return null;
  const overdue = days < 0;
  return {
    memberId: loan.memberId,
    key: `loan.${overdue ? 'overdue' : 'due'}:${loan.loanId}:${loan.dueDate}`,
    draft: {
      topic: 'loan',
      key: overdue ? 'notices.text.loan.overdue' : 'notices.text.loan.dueSoon',
      params: { target: loan.orderNo, date: loan.dueDate },
      link: '/user/jkjl',
    },
  };
}

/** Every text key a reminder may carry. */
export const reminderTextKeys: readonly NoticeDraft['key'][] = [
  'notices.text.ipo.paymentDue',
  'notices.text.loan.dueSoon',
  'notices.text.loan.overdue',
];
