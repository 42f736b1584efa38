import type { Database } from '@kabuto/db/database';
import { one } from '@kabuto/db/rows';
import { moneyWindow } from '@kabuto/domain/calendar/money-window';
import { toWire } from '@kabuto/domain/money';
import { errorKeys } from '@kabuto/contracts/errors';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { requireOwnUpload } from '../uploads/public.ts';
import { requireActiveChannel, resolveWindowRule } from '../channels/public.ts';
import { orderNumberSql, orderNumberStem } from './order-number.ts';
import { fundRecord, type FundRow } from './fund-record.ts';
import { parseAmount, requireWithin } from './amount-limits.ts';
import { refuseIfRestricted } from '../accounts/public.ts';

/** The code a member puts on the bank transfer so staff can match it (SPEC §3 Deposit). */
export const referenceCodeFor = (account: string): string => `K${account}`;

interface DepositRow extends FundRow {
  member_id: string;
  channel_name: string;
  reference_code: string;
}

const depositRecord = (r: DepositRow): FundRecord & { referenceCode: string } => ({
  ...fundRecord(r, 'deposit', r.channel_name),
  referenceCode: r.reference_code,
});

const depositSelect = `SELECT d.id, d.order_no, d.member_id, c.name AS channel_name, d.currency, d.amount::text AS amount, d.reference_code,
  d.status, d.remarks, d.created_at, d.decided_at FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id`;

export function depositService(deps: { db: Database; clock: Clock; marketProfile: 'demo' | 'tse' }) {
  const { db, clock } = deps;

  /** The deposit a request with this Idempotency-Key created, if its transaction committed. */
  const byClientKey = async (
    p: Principal,
    clientKey: string,
  ): Promise<(FundRecord & { referenceCode: string }) | null> => {
    const [row] = await db.query<DepositRow>(`${depositSelect} WHERE d.member_id = $1 AND d.client_key = $2`, [
      p.memberId,
      clientKey,
    ]);
    return row ? depositRecord(row) : null;
  };

  return {
    byClientKey,

    async create(
      p: Principal,
      body: { channelId: string; amount: string; receiptImageId: string },
      clientKey: string | null,
    ): Promise<FundRecord & { referenceCode: string }> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      const channel = await requireActiveChannel(db, body.channelId);
      if (!moneyWindow(resolveWindowRule(channel.windowRule, deps.marketProfile), now).open)
        throw refuse(errorKeys.funds.depositClosed);
      const amount = parseAmount(body.amount, channel.currency);
      requireWithin(amount, channel.min, channel.max, {
        below: errorKeys.funds.depositBelowMin,
        above: errorKeys.funds.depositAboveMax,
      });
      await requireOwnUpload(db, p.memberId, body.receiptImageId, 'deposit_receipt');
      // The client's key is stored on the row: a retry after a lost reply finds this deposit instead of adding one.
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO deposits (order_no, member_id, channel_id, currency, amount, reference_code, receipt_upload_id, created_at, client_key)
         VALUES (${orderNumberSql(1)}, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (member_id, client_key) WHERE client_key IS NOT NULL DO NOTHING RETURNING id`,
        [
          orderNumberStem('D', now),
          p.memberId,
          channel.id,
          channel.currency,
          toWire(amount),
          referenceCodeFor(p.account),
          body.receiptImageId,
          now,
          clientKey,
        ],
      );
      if (!row && clientKey) return (await byClientKey(p, clientKey)) as FundRecord & { referenceCode: string };
      return depositRecord(await one<DepositRow>(db, `${depositSelect} WHERE d.id = $1`, [row?.id ?? '']));
    },
  };
}
