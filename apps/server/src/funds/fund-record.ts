import { Decimal, toWire } from '@kabuto/domain/money';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';

/** The columns deposits and withdrawals share. */
export interface FundRow {
  id: string;
  order_no: string;
  currency: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected';
  remarks: string;
  created_at: Date;
  decided_at: Date | null;
}

/** One row of the member's fund records (SPEC §3 "Fund record"). */
export const fundRecord = (r: FundRow, type: FundRecord['type'], detail: string): FundRecord => ({
  id: r.id,
  type,
  orderNo: r.order_no,
  currency: r.currency,
  amount: toWire(new Decimal(r.amount)),
  status: r.status,
  remarks: r.remarks,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  detail,
});
