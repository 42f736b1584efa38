import type { Sql } from '@kabuto/db/database';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { creditScoreCall } from '@kabuto/contracts/funds/withdrawals';
import {
  creditRules,
  creditScore,
  creditScoreBase,
  publishedCreditRules,
  withdrawalThreshold,
  type CreditRule,
} from '@kabuto/domain/credit/credit-score';

export interface CreditEvent {
  memberId: string;
  rule: CreditRule;
  /** The business row the event comes from (e.g. 'deposit' and its id): one event per rule and row. */
  refType: string;
  refId: string;
  at: Date;
}

/** Records one event by the published rules; a repeat for the same rule and row changes nothing. Call it in the deciding transaction. */
export async function recordCreditEvent(sql: Sql, e: CreditEvent): Promise<void> {
  await sql.query(
    `INSERT INTO credit_score_events (member_id, delta, rule, ref_type, ref_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (member_id, rule, ref_type, ref_id) DO NOTHING`,
    [e.memberId, creditRules[e.rule], e.rule, e.refType, e.refId, e.at],
  );
}

interface EventRow {
  delta: number;
  rule: string;
  created_at: Date;
}

const eventsOf = (sql: Sql, memberId: string) =>
  sql.query<EventRow>(
    `SELECT delta, rule, created_at FROM credit_score_events WHERE member_id = $1 ORDER BY created_at DESC, id DESC`,
    [memberId],
  );

/** The member's score and the withdrawal threshold. */
export async function creditScoreOf(sql: Sql, memberId: string): Promise<{ score: number; threshold: number }> {
  return { score: creditScore(await eventsOf(sql, memberId)), threshold: withdrawalThreshold };
}

/** The score with its published rules and every change, newest first (user/creditScore). */
export async function creditReport(sql: Sql, memberId: string): Promise<ResponseOf<typeof creditScoreCall>> {
  const events = await eventsOf(sql, memberId);
  return {
    score: creditScore(events),
    threshold: withdrawalThreshold,
    base: creditScoreBase,
    rules: publishedCreditRules(),
    history: events.map((e) => ({ delta: e.delta, rule: e.rule, at: new Date(e.created_at).toISOString() })),
  };
}
