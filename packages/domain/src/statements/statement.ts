import { Decimal } from '../money.ts';
import { currencies, type Currency } from '../currency.ts';
import { memberBooks, type AccountRef, type HouseAccount, type MemberBook } from '../ledger/journal.ts';

/**
 * Issue 27 "Statements": a member's statement is built from the ledger alone, so its figures are the member centre's
 * and the reconciliation's. Every journal entry that touched the member is attributed by its other side:
 *
 * - the member's books together move by minus the sum of the entry's house lines (an entry sums to zero per
 *   currency), so each house line is one category of the member's change: `bank_clearing` a deposit or withdrawal,
 *   `fx` an exchange, `trading` realised P&L, `fees` fees (less the stamp duty the position recorded), `interest`
 *   financing or loan interest, `referral_rewards` a referral reward, anything else `other`;
 * - moves between the member's own books (a hold, a margin, a loan paid out or repaid) change no total; loans paid out
 *   and repaid are listed for information from the `loan` book's lines.
 *
 * Rounding: none. Every figure is an exact sum of ledger postings (stored with 8 decimals); a reader rounds only to
 * show (SPEC §9: two decimals, half away from zero), the CSV carries the exact decimals.
 */

export type Books = Record<MemberBook, Decimal>;

/** A ledger line of an entry that touched the member: one of the member's books, or a house account. */
export interface StatementLine {
  readonly currency: Currency;
  readonly account: AccountRef;
  readonly amount: Decimal;
}

export interface StatementEntry {
  readonly entryId: string;
  readonly kind: string;
  /** The message key of the entry's reason (`ledger.deposit`, …). */
  readonly reason: string;
  readonly refType: string;
  readonly refId: string;
  readonly at: Date;
  readonly lines: readonly StatementLine[];
}

/** What the trading module recorded of a position the statement's trade entries name (by order number). */
export interface PositionFacts {
  readonly orderNo: string;
  readonly symbol: string;
  readonly side: 'long' | 'short';
  readonly quantity: string;
  readonly openPrice: string | null;
  readonly closePrice: string | null;
  readonly stampDuty: Decimal;
}

/** The categories a member's money moved by: their sum per currency is the change of the member's net balance. */
export const statementCategories = [
  'deposits',
  'withdrawals',
  'exchangesIn',
  'exchangesOut',
  'realisedPnl',
  'fees',
  'stampDuty',
  'financing',
  'loanInterest',
  'referral',
  'other',
] as const;
export type StatementCategory = (typeof statementCategories)[number];

/** Moves between the member's own books, listed for information (they change no total). */
export const statementTransfers = ['loansDisbursed', 'loansRepaid'] as const;
export type StatementTransfer = (typeof statementTransfers)[number];

export interface BookFigures extends Books {
  /** available + frozen + margin + copy: the member centre's figure before unrealised P&L. */
  readonly assets: Decimal;
  /** assets + loan (the loan book is minus what is owed): what the member's cash is worth net of loans. */
  readonly net: Decimal;
}

export interface CurrencySection {
  readonly currency: Currency;
  readonly opening: BookFigures;
  readonly closing: BookFigures;
  /** Signed as they moved the member's money (a fee is negative, a deposit positive). */
  readonly totals: Readonly<Record<StatementCategory, Decimal>>;
  readonly transfers: Readonly<Record<StatementTransfer, Decimal>>;
  /** The sum of `totals`: closing.net − opening.net. */
  readonly change: Decimal;
}

export interface TradeRow {
  readonly at: Date;
  readonly entryId: string;
  readonly orderNo: string;
  readonly symbol: string;
  readonly side: 'long' | 'short';
  readonly action: 'open' | 'close';
  readonly quantity: string;
  readonly price: string | null;
  readonly currency: Currency;
  /** Fees of this fill (purchase fee on an open, selling fee on a close, a copy performance fee), as a positive sum. */
  readonly fee: Decimal;
  readonly stampDuty: Decimal;
  /** The P&L the close settled with the member (null on an open). */
  readonly realisedPnl: Decimal | null;
}

export interface MovementRow {
  readonly at: Date;
  readonly entryId: string;
  readonly reason: string;
  readonly refType: string;
  readonly refId: string;
  readonly currency: Currency;
  readonly category: StatementCategory | StatementTransfer;
  readonly amount: Decimal;
}

export interface Statement {
  /** One section per currency the member held or moved, in the catalogue's currency order. */
  readonly currencies: readonly CurrencySection[];
  readonly trades: readonly TradeRow[];
  /** Everything but trade fills: deposits, withdrawals, exchanges, financing, interest, loans, rewards. */
  readonly movements: readonly MovementRow[];
}

const zero = new Decimal(0);
const zeroBooks = (): Books => ({
  available: zero,
  frozen: zero,
  margin: zero,
  loan: zero,
  copy: zero,
});
const zeroRecord = <K extends string>(keys: readonly K[]): Record<K, Decimal> =>
  Object.fromEntries(keys.map((k) => [k, zero])) as Record<K, Decimal>;

export function bookFigures(b: Books): BookFigures {
  const assets = b.available.plus(b.frozen).plus(b.margin).plus(b.copy);
  return { ...b, assets, net: assets.plus(b.loan) };
}

const openKinds: ReadonlySet<string> = new Set(['trade_open', 'trade_fill', 'copy_open']);
const closeKinds: ReadonlySet<string> = new Set(['trade_close', 'copy_close']);

function houseCategory(house: HouseAccount, entry: StatementEntry, memberEffect: Decimal): StatementCategory {
  switch (house) {
    case 'bank_clearing':
      return memberEffect.isNegative() ? 'withdrawals' : 'deposits';
    case 'fx':
      return memberEffect.isNegative() ? 'exchangesOut' : 'exchangesIn';
    case 'trading':
      return 'realisedPnl';
    case 'fees':
      return 'fees';
    case 'interest':
      return entry.kind === 'loan_interest' ? 'loanInterest' : 'financing';
    case 'referral_rewards':
      return 'referral';
    default:
      return 'other';
  }
}

const isMine = (memberId: string, a: AccountRef): a is { member: string; book: MemberBook } =>
  'member' in a && a.member === memberId;

/**
 * The statement of one period: `opening` is the member's books at its start (the sum of every posting before it),
 * `entries` every journal entry of the period that touched the member, oldest first.
 */
export function buildStatement(input: {
  memberId: string;
  opening: ReadonlyMap<Currency, Books>;
  entries: readonly StatementEntry[];
  positions: ReadonlyMap<string, PositionFacts>;
}): Statement {
  const { memberId } = input;
  const books = new Map<Currency, Books>();
  const totals = new Map<Currency, Record<StatementCategory, Decimal>>();
  const transfers = new Map<Currency, Record<StatementTransfer, Decimal>>();
  const touch = (c: Currency) => {
    if (!books.has(c)) books.set(c, { ...(input.opening.get(c) ?? zeroBooks()) });
    if (!totals.has(c)) totals.set(c, zeroRecord(statementCategories));
    if (!transfers.has(c)) transfers.set(c, zeroRecord(statementTransfers));
  };
  touch('JPY');
  for (const c of input.opening.keys()) touch(c);
  const trades: TradeRow[] = [];
  const movements: MovementRow[] = [];

  for (const e of input.entries) {
    let fee = zero;
    let pnl = zero;
    let tradeCurrency: Currency = 'JPY';
    const position = e.refType === 'trade' ? input.positions.get(e.refId) : undefined;
    const isTrade = position !== undefined && (openKinds.has(e.kind) || closeKinds.has(e.kind));
    const stampDuty = isTrade && closeKinds.has(e.kind) ? position.stampDuty : zero;
    let stampLeft = stampDuty;
    const add = (c: Currency, category: StatementCategory | StatementTransfer, amount: Decimal) => {
      if (amount.isZero()) return;
      touch(c);
      if ((statementTransfers as readonly string[]).includes(category)) {
        const t = transfers.get(c) as Record<StatementTransfer, Decimal>;
        t[category as StatementTransfer] = t[category as StatementTransfer].plus(amount);
      } else {
        const t = totals.get(c) as Record<StatementCategory, Decimal>;
        t[category as StatementCategory] = t[category as StatementCategory].plus(amount);
      }
      if (!isTrade) {
        movements.push({
          at: e.at,
          entryId: e.entryId,
          reason: e.reason,
          refType: e.refType,
          refId: e.refId,
          currency: c,
          category,
          amount,
        });
      }
    };

    for (const l of e.lines) {
      if ('member' in l.account) {
        if (!isMine(memberId, l.account)) continue;
        touch(l.currency);
        const b = books.get(l.currency) as Books;
        b[l.account.book] = b[l.account.book].plus(l.amount);
        // A loan paid out lowers the loan book; a repayment raises it (interest is counted on its house side).
        if (l.account.book === 'loan' && e.kind === 'loan_disburse')
          add(l.currency, 'loansDisbursed', l.amount.negated());
        if (l.account.book === 'loan' && e.kind === 'loan_repay') add(l.currency, 'loansRepaid', l.amount);
        continue;
      }
      const effect = l.amount.negated();
      const category = houseCategory(l.account.house, e, effect);
      if (category === 'fees' && stampLeft.gt(0)) {
        // The close's charges went to `fees` as one line: the part the position recorded as stamp duty is shown apart.
        const stamp = Decimal.min(stampLeft, effect.negated());
        stampLeft = stampLeft.minus(stamp);
        add(l.currency, 'stampDuty', stamp.negated());
        add(l.currency, 'fees', effect.plus(stamp));
      } else add(l.currency, category, effect);
      if (category === 'fees') fee = fee.plus(l.amount);
      if (category === 'realisedPnl') pnl = pnl.plus(effect);
      tradeCurrency = l.currency;
    }

    if (isTrade) {
      const closing = closeKinds.has(e.kind);
      trades.push({
        at: e.at,
        entryId: e.entryId,
        orderNo: position.orderNo,
        symbol: position.symbol,
        side: position.side,
        action: closing ? 'close' : 'open',
        quantity: position.quantity,
        price: closing ? position.closePrice : position.openPrice,
        currency: tradeCurrency,
        fee: fee.minus(stampDuty.minus(stampLeft)),
        stampDuty: stampDuty.minus(stampLeft),
        realisedPnl: closing ? pnl : null,
      });
    }
  }

  const order = (c: Currency) => currencies.indexOf(c);
  const sections = [...books.keys()]
    .sort((a, b) => order(a) - order(b))
    .map((currency): CurrencySection => {
      const t = totals.get(currency) as Record<StatementCategory, Decimal>;
      return {
        currency,
        opening: bookFigures(input.opening.get(currency) ?? zeroBooks()),
        closing: bookFigures(books.get(currency) as Books),
        totals: t,
        transfers: transfers.get(currency) as Record<StatementTransfer, Decimal>,
        change: statementCategories.reduce((s, k) => s.plus(t[k]), zero),
      };
    });
  return { currencies: sections, trades, movements };
}

/** Every book of `a` equals `b`'s (what a test or a check compares the closing balances with). */
export const sameBooks = (a: Books, b: Books): boolean => memberBooks.every((k) => a[k].eq(b[k]));
