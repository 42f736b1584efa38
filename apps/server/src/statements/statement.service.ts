import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { StatementFormat, StatementRequest, statementShowCall } from '@kabuto/contracts/statements/statements';
import { toWire, type Decimal } from '@kabuto/domain/money';
import {
  buildStatement,
  statementCategories,
  statementTransfers,
  type BookFigures,
} from '@kabuto/domain/statements/statement';
import { statementPeriod, type PeriodRefusal } from '@kabuto/domain/statements/statement-period';
import type { Clock } from '../clock.ts';
import { refuse } from '../errors/public.ts';
import type { Principal, RawAnswer } from '../http/public.ts';
import { statementPositions } from '../trading/public.ts';
import { booksBefore, entriesBetween } from './statement-reads.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';

type StatementWire = ResponseOf<typeof statementShowCall>;

const periodRefusalKey = {
  periodInvalid: errorKeys.statements.periodInvalid,
  periodInFuture: errorKeys.statements.periodInFuture,
  yearOutOfRange: errorKeys.statements.yearOutOfRange,
} as const satisfies Record<PeriodRefusal, string>;

const figuresWire = (f: BookFigures) => ({
  available: toWire(f.available),
  frozen: toWire(f.frozen),
  margin: toWire(f.margin),
  copy: toWire(f.copy),
  loan: toWire(f.loan),
  assets: toWire(f.assets),
  net: toWire(f.net),
});

const recordWire = <K extends string>(keys: readonly K[], r: Readonly<Record<K, Decimal>>): Record<K, string> =>
  Object.fromEntries(keys.map((k) => [k, toWire(r[k])])) as Record<K, string>;

export function statementService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The member's own statement of a month or a year (JST), from the ledger. */
  async function show(p: Principal, req: StatementRequest): Promise<StatementWire> {
    const now = clock.now();
    const period = statementPeriod(
      req.kind === 'month' ? { kind: 'month', month: req.period } : { kind: 'year', year: req.period },
      now,
    );
    if ('refused' in period) throw refuse(periodRefusalKey[period.refused]);
    const opening = await booksBefore(db, p.memberId, period.from);
    const entries = await entriesBetween(db, p.memberId, period.from, period.to);
    const tradeRefs = entries.filter((e) => e.refType === 'trade').map((e) => e.refId);
    const positions = await statementPositions(db, p.memberId, tradeRefs);
    const s = buildStatement({ memberId: p.memberId, opening, entries, positions });
    return {
      account: p.account,
      period: {
        kind: period.kind,
        label: period.label,
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        asOf: period.asOf.toISOString(),
        running: period.running,
      },
      generatedAt: now.toISOString(),
      currencies: s.currencies.map((c) => ({
        currency: c.currency,
        opening: figuresWire(c.opening),
        closing: figuresWire(c.closing),
        totals: recordWire(statementCategories, c.totals),
        transfers: recordWire(statementTransfers, c.transfers),
        change: toWire(c.change),
      })),
      trades: s.trades.map((t) => ({
        at: t.at.toISOString(),
        orderNo: t.orderNo,
        symbol: t.symbol,
        side: t.side,
        action: t.action,
        quantity: t.quantity,
        price: t.price,
        currency: t.currency,
        fee: toWire(t.fee),
        stampDuty: toWire(t.stampDuty),
        realisedPnl: t.realisedPnl === null ? null : toWire(t.realisedPnl),
      })),
      movements: s.movements.map((m) => ({
        at: m.at.toISOString(),
        reason: m.reason,
        refType: m.refType,
        // A referral entry is keyed by the invitee: another member's id is not the inviter's to read.
        refId: m.refType === 'referral' ? '' : m.refId,
        currency: m.currency,
        category: m.category,
        amount: toWire(m.amount),
      })),
    };
  }

  /** The same statement as a file in the member's language: CSV (UTF-8 with BOM, for Excel in Japan) or PDF. */
  async function download(p: Principal, req: StatementRequest & { format: StatementFormat }): Promise<RawAnswer> {
    const s = await show(p, req);
    const name = `kabuto-statement-${s.period.label}-${req.lang}.${req.format}`;
    const disposition = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
    if (req.format === 'csv')
      return { contentType: 'text/csv; charset=utf-8', bytes: statementCsv(s, req.lang), headers: disposition };
    return { contentType: 'application/pdf', bytes: await statementPdf(s, req.lang), headers: disposition };
  }

  return { show, download };
}
export type StatementService = ReturnType<typeof statementService>;
