import type { Database, Sql } from '@kabuto/db/database';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import {
  loanReminder,
  loanReminderDays,
  paymentReminder,
  paymentReminderMs,
  type OwedLoan,
  type Reminder,
  type UnpaidWin,
} from '@kabuto/domain/notices/reminders';
import type { JobDefinition } from '../platform/public.ts';
import { writeNotices } from './notice-writer.ts';

/** How often the reminder job looks: a payment deadline is reminded within this long of a day before it. */
export const reminderEveryMs = 5 * 60_000;

/** The facts the job reads, from the modules that own them (the IPO and loan modules' public files, wired by the app). */
export interface ReminderFacts {
  /** Wins to confirm whose payment deadline falls in (now, until]. */
  readonly wins: (sql: Sql, now: Date, until: Date) => Promise<UnpaidWin[]>;
  /** Loans owed that fall due on this JST day or earlier. */
  readonly loans: (sql: Sql, lastDay: string) => Promise<OwedLoan[]>;
}

/** The JST day `days` after `day` (YYYY-MM-DD). */
const dayAfter = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 27 "Notices": reminders before a member's deadline passes — an IPO win's payment deadline (in its last day) and
 * a credit loan's due date (in its last three days, and once when overdue). Leader-only, every five minutes, fenced by
 * the leader epoch; which reminders are due is the domain's decision, and each is written under its own key (unique in
 * `notices`), so every reminder reaches its member exactly once however often the job runs, crashes or changes hands.
 */
export function reminderJob(
  db: Database,
  facts: ReminderFacts,
  opts: { afterCommit?: () => void } = {},
): JobDefinition {
  return {
    name: 'notices.reminders',
    schedule: { everyMs: reminderEveryMs },
    run: async (now, fenced) => {
      const today = sessionDate(now);
      const [wins, loans] = await Promise.all([
        facts.wins(db, now, new Date(now.getTime() + paymentReminderMs)),
        facts.loans(db, dayAfter(today, loanReminderDays)),
      ]);
      const due: Reminder[] = [
        ...wins.map((w) => paymentReminder(w, now)),
        ...loans.map((l) => loanReminder(l, today)),
      ].filter((r): r is Reminder => r !== null);
      if (due.length === 0) return 'no reminders due';
      const written = await fenced(async (tx) => {
        // Only those not written yet: a loan overdue for weeks is passed over in one indexed read, not one insert a run.
        const sent = await tx.query<{ reminder_key: string }>(
          `SELECT reminder_key FROM notices WHERE reminder_key = ANY($1::text[])`,
          [due.map((r) => r.key)],
        );
        const done = new Set(sent.map((r) => r.reminder_key));
        return writeNotices(
          tx,
          due
            .filter((r) => !done.has(r.key))
            .map((r) => ({ memberId: r.memberId, draft: r.draft, reminderKey: r.key })),
          now,
        );
      });
      if (written > 0) opts.afterCommit?.();
      return `${written} reminders written`;
    },
  };
}
