import { one } from '@kabuto/db/rows';
import type { Database, Sql } from '@kabuto/db/database';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { Currency } from '@kabuto/domain/currency';
import { receivedAmount } from '@kabuto/domain/fx/received-amount';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { exchangeCreateCall, exchangeQuoteCall } from '@kabuto/contracts/funds/exchange';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import type { RateProvider } from '../fx/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { orderNumberSql, orderNumberStem } from './order-number.ts';
import { parseAmount } from './amount-limits.ts';
import { refuseIfRestricted } from '../accounts/public.ts';

// A quote holds its rate this long; the member confirms within it or asks again.
export const quoteValidSeconds = 60;

/** SPEC §3: INR exchanges only to or from USD; any other pair of listed currencies is allowed. */
export function requireExchangeablePair(from: Currency, to: Currency): void {
  if (from === to) throw refuse(errorKeys.exchange.sameCurrency);
  if ((from === 'INR' && to !== 'USD') || (to === 'INR' && from !== 'USD'))
    throw refuse(errorKeys.exchange.unsupportedPair);
}

interface ExchangeRow {
  order_no: string;
  from_currency: Currency;
  to_currency: Currency;
  amount: string;
  rate: string;
  to_amount: string;
  created_at: Date;
}

const exchangeAnswer = (r: ExchangeRow): ResponseOf<typeof exchangeCreateCall> => ({
  orderNo: r.order_no,
  from: r.from_currency,
  to: r.to_currency,
  amount: toWire(new Decimal(r.amount)),
  rate: toWire(new Decimal(r.rate)),
  toAmount: toWire(new Decimal(r.to_amount)),
  createdAt: new Date(r.created_at).toISOString(),
});

/** The exchange a request with this Idempotency-Key made, if its transaction committed. */
async function exchangeByClientKey(
  sql: Sql,
  memberId: string,
  clientKey: string,
): Promise<ResponseOf<typeof exchangeCreateCall> | null> {
  const [row] = await sql.query<ExchangeRow>(
    `SELECT order_no, from_currency, to_currency, amount::text AS amount, rate::text AS rate, to_amount::text AS to_amount, created_at
       FROM exchanges WHERE member_id = $1 AND client_key = $2`,
    [memberId, clientKey],
  );
  return row ? exchangeAnswer(row) : null;
}

export function exchangeService(deps: { db: Database; clock: Clock; rates: RateProvider }) {
  const { db, clock } = deps;
  return {
    byClientKey: (p: Principal, clientKey: string) => exchangeByClientKey(db, p.memberId, clientKey),

    async quote(
      p: Principal,
      body: { from: Currency; to: Currency; amount: string },
    ): Promise<ResponseOf<typeof exchangeQuoteCall>> {
      requireExchangeablePair(body.from, body.to);
      const amount = parseAmount(body.amount, body.from);
      const now = clock.now();
      const r = await deps.rates.rate(body.from, body.to, now);
      const toAmount = receivedAmount(amount, r.rate, body.to);
      if (toAmount.lte(0)) throw refuse(errorKeys.funds.amountInvalid);
      const expiresAt = new Date(now.getTime() + quoteValidSeconds * 1000);
      const row = await one<{ id: string }>(
        db,
        `INSERT INTO exchange_quotes (member_id, from_currency, to_currency, amount, rate, to_amount, source, as_of, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          p.memberId,
          body.from,
          body.to,
          toWire(amount),
          toWire(r.rate),
          toWire(toAmount),
          r.source,
          r.asOf,
          expiresAt,
          now,
        ],
      );
      return {
        quoteId: row.id,
        from: body.from,
        to: body.to,
        amount: toWire(amount),
        rate: toWire(r.rate),
        toAmount: toWire(toAmount),
        fee: '0',
        source: r.source,
        simulated: r.simulated,
        asOf: r.asOf.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async create(
      p: Principal,
      body: { quoteId: string },
      requestId: string,
      clientKey: string | null,
    ): Promise<ResponseOf<typeof exchangeCreateCall>> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      return db.transaction(async (tx) => {
        const [q] = await tx.query<{
          id: string;
          from_currency: Currency;
          to_currency: Currency;
          amount: string;
          rate: string;
          to_amount: string;
          source: string;
          expires_at: Date;
        }>(
          `SELECT id, from_currency, to_currency, amount::text AS amount, rate::text AS rate, to_amount::text AS to_amount, source, expires_at
             FROM exchange_quotes WHERE id = $1 AND member_id = $2 FOR UPDATE`,
          [body.quoteId, p.memberId],
        );
        // A retry of this very request (its reply lost) gets the exchange it made, not a refusal.
        const earlier = clientKey ? await exchangeByClientKey(tx, p.memberId, clientKey) : null;
        if (earlier) return earlier;
        if (!q || new Date(q.expires_at) <= now) throw refuse(errorKeys.exchange.quoteExpired);
        if ((await tx.query(`SELECT 1 FROM exchanges WHERE quote_id = $1`, [q.id])).length > 0)
          throw refuse(errorKeys.exchange.quoteExpired);
        const [numbered] = await tx.query<{ order_no: string }>(
          `INSERT INTO exchanges (order_no, member_id, quote_id, from_currency, to_currency, amount, rate, to_amount, source, created_at, client_key)
           VALUES (${orderNumberSql(1)}, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING order_no`,
          [
            orderNumberStem('X', now),
            p.memberId,
            q.id,
            q.from_currency,
            q.to_currency,
            q.amount,
            q.rate,
            q.to_amount,
            q.source,
            now,
            clientKey,
          ],
        );
        const orderNo = (numbered as { order_no: string }).order_no;
        const member = (book: 'available') => ({ member: p.memberId, book });
        const amount = new Decimal(q.amount);
        const toAmount = new Decimal(q.to_amount);
        // Balanced per currency: the member pays `from` to the FX desk and receives `to` from it. No fee.
        await post(
          tx,
          {
            kind: 'exchange',
            reason: ledgerReasons.exchange,
            refType: 'exchange',
            refId: orderNo,
            requestId,
            at: now,
            lines: [
              { account: member('available'), currency: q.from_currency, amount: amount.negated() },
              { account: { house: 'fx' }, currency: q.from_currency, amount },
              { account: { house: 'fx' }, currency: q.to_currency, amount: toAmount.negated() },
              { account: member('available'), currency: q.to_currency, amount: toAmount },
            ],
          },
          errorKeys.funds.insufficientAvailable,
        );
        return {
          orderNo,
          from: q.from_currency,
          to: q.to_currency,
          amount: toWire(amount),
          rate: toWire(new Decimal(q.rate)),
          toAmount: toWire(toAmount),
          createdAt: now.toISOString(),
        };
      });
    },
  };
}
