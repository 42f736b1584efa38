import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import { openingTerms } from '@kabuto/domain/trading/terms';
import { openingCharges } from '@kabuto/domain/trading/ticket';
import {
  addMargin,
  cancel,
  close,
  evolve,
  fill,
  finance,
  isRefusal,
  open,
  type Decision,
  type PositionState,
  type Refusal,
} from '@kabuto/domain/trading/decisions';
import type { Database } from './database.ts';
import { InsufficientFundsError, postEntries, reconcile } from './ledger.ts';
import { openTestDatabase, testDatabaseKinds } from './test-databases.ts';

const terms = openingTerms('demo');
const at = new Date('2026-11-20T01:00:00Z');
const price = fc.integer({ min: 500, max: 5000 }).map((n) => String(n));
const command = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    side: fc.constantFrom('long' as const, 'short' as const),
    limit: fc.boolean(),
    price,
    units: fc.integer({ min: 1, max: 20 }),
    leverage: fc.constantFrom(1, 2, 5),
  }),
  fc.record({ kind: fc.constant('fill' as const), i: fc.nat(), price }),
  fc.record({ kind: fc.constant('close' as const), i: fc.nat(), price }),
  fc.record({ kind: fc.constant('cancel' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('addMargin' as const), i: fc.nat(), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('finance' as const), i: fc.nat(), days: fc.integer({ min: 1, max: 30 }) }),
);

/**
 * Issue 24: random sequences of the pure decisions over many positions of one member, each applied through the real
 * posting code (`postEntries`, with the database's own guards): the ledger always reconciles, no member book goes
 * negative, and the margin and frozen books hold exactly what the open positions say they hold.
 */
for (const kind of testDatabaseKinds()) {
  describe(`the position decisions through the real ledger [${kind}]`, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let runs = 0;
    beforeAll(async () => {
      ({ db, drop } = await openTestDatabase(kind));
    });
    afterAll(() => drop());

    const balance = async (member: string, book: string) =>
      new Decimal(
        (
          await db.query<{ b: string }>(
            `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND book = $2 AND currency = 'JPY'`,
            [member, book],
          )
        )[0]?.b ?? '0',
      );

    it('keeps every balance equal to its journal, none negative, whatever the sequence', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3_000_000 }),
          fc.array(command, { maxLength: 30 }),
          async (deposit, commands) => {
            const [row] = await db.query<{ id: string }>(
              `INSERT INTO members (account, password_hash, invite_code, invited_with) VALUES ($1, 'x', $2, 'seed') RETURNING id`,
              [`07${String(++runs).padStart(8, '0')}`, `PROP${String(runs).padStart(6, '0')}`],
            );
            const member = (row as { id: string }).id;
            const post = async (ref: string, d: Decision | Refusal): Promise<boolean> => {
              if (isRefusal(d)) return false;
              if (d.lines.length === 0) return true;
              try {
                await db.transaction((tx) =>
                  postEntries(tx, [{ kind: 'prop', reason: 'prop', refType: 'prop', refId: ref, at, lines: d.lines }]),
                );
                return true;
              } catch (err) {
                if (err instanceof InsufficientFundsError) return false;
                throw err;
              }
            };
            await post('deposit', {
              change: {},
              lines:
                deposit > 0
                  ? transfer({ house: 'bank_clearing' }, { member, book: 'available' }, 'JPY', new Decimal(deposit))
                  : [],
              event: null,
            });
            const positions: PositionState[] = [];
            for (const c of commands) {
              const at = c.kind === 'open' ? -1 : positions.length === 0 ? -1 : c.i % positions.length;
              const p = at >= 0 ? (positions[at] as PositionState) : null;
              if (c.kind === 'open') {
                const shares = String(c.units * 100);
                const charges = openingCharges(c.price, shares, c.leverage, terms.fees);
                const d = open({
                  memberId: member,
                  filled: c.limit ? null : { margin: charges.margin, fee: charges.fee },
                  hold: charges.margin.plus(charges.fee),
                });
                const state: PositionState = {
                  memberId: member,
                  side: c.side,
                  status: 'pending',
                  quantity: shares,
                  leverage: c.leverage,
                  held: '0',
                  openPrice: c.limit ? null : c.price,
                  margin: '0',
                  addedMargin: '0',
                  feeTerms: terms.fees,
                  financingRate: c.side === 'long' ? terms.rates.longAnnualRate : terms.rates.shortAnnualRate,
                };
                if (await post(`p${positions.length}`, d)) positions.push(evolve(state, d.change));
                continue;
              }
              if (p === null) continue;
              const available = await balance(member, 'available');
              const d =
                c.kind === 'fill'
                  ? fill(p, { price: c.price })
                  : c.kind === 'close'
                    ? close(p, { price: c.price, reason: 'member', available })
                    : c.kind === 'cancel'
                      ? cancel(p)
                      : c.kind === 'addMargin'
                        ? addMargin(p, { amount: new Decimal(c.amount) })
                        : finance(p, { days: c.days, through: '2026-12-31', available });
              if ((await post(`p${at}`, d)) && !isRefusal(d)) positions[at] = evolve(p, d.change);
            }
            const report = await reconcile(db);
            expect(report.ok).toBe(true);
            const books = {
              available: await balance(member, 'available'),
              frozen: await balance(member, 'frozen'),
              margin: await balance(member, 'margin'),
            };
            for (const b of Object.values(books)) expect(b.isNegative()).toBe(false);
            const held = positions
              .filter((x) => x.status === 'pending')
              .reduce((a, x) => a.plus(x.held), new Decimal(0));
            const margin = positions
              .filter((x) => x.status === 'holding')
              .reduce((a, x) => a.plus(x.margin).plus(x.addedMargin), new Decimal(0));
            expect(books.frozen.toFixed()).toBe(held.toFixed());
            expect(books.margin.toFixed()).toBe(margin.toFixed());
          },
        ),
        { numRuns: kind === 'pglite' ? 12 : 8 },
      );
    });
  });
}
