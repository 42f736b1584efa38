import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money, Decimal } from '../money.ts';
import { assertBalanced, transfer, type PostingLine } from '../ledger/journal.ts';
import { closeSettlement, financingLines, openLines } from '../trading/settlement.ts';
import { disburseLines, interestLines } from '../loans/loan-decisions.ts';
import { buildStatement, statementCategories, type Books, type StatementEntry } from './statement.ts';
import type { Currency } from '../currency.ts';

const me = 'm1';
const avail = { member: me, book: 'available' } as const;
const frozen = { member: me, book: 'frozen' } as const;
let n = 0;
const entry = (kind: string, refType: string, refId: string, lines: PostingLine[]): StatementEntry => {
  assertBalanced(lines);
  n += 1;
  return {
    entryId: String(n),
    kind,
    reason: `ledger.${kind}`,
    refType,
    refId,
    at: new Date(Date.UTC(2026, 10, 1 + n)),
    lines,
  };
};

/** A month of a member: deposit, a trade opened and closed (with stamp duty), financing, a withdrawal, an exchange, a loan. */
function scriptedMonth(): StatementEntry[] {
  n = 0;
  const close = closeSettlement({
    memberId: me,
    held: money('20000'),
    pnl: money('3000'),
    charges: money('150'),
    available: money('0'),
  });
  return [
    entry('deposit', 'deposit', 'D1', transfer({ house: 'bank_clearing' }, avail, 'JPY', money('100000'))),
    entry('trade_open', 'trade', 'T1', openLines(me, money('20000'), money('100'))),
    entry('trade_financing', 'trade', 'T1', financingLines(me, money('30'), money('79900')).lines),
    entry('trade_close', 'trade', 'T1', close.lines),
    entry('withdrawal_request', 'withdrawal', 'W1', transfer(avail, frozen, 'JPY', money('50000'))),
    entry('withdrawal_paid', 'withdrawal', 'W1', transfer(frozen, { house: 'bank_clearing' }, 'JPY', money('50000'))),
    entry('exchange', 'exchange', 'X1', [
      { account: avail, currency: 'JPY', amount: money('-15500') },
      { account: { house: 'fx' }, currency: 'JPY', amount: money('15500') },
      { account: { house: 'fx' }, currency: 'USD', amount: money('-100.25') },
      { account: avail, currency: 'USD', amount: money('100.25') },
    ]),
    entry('loan_disburse', 'loan', 'L1', disburseLines(me, money('10000'))),
    entry('loan_interest', 'loan', 'L1', interestLines(me, money('4'))),
    entry('loan_repay', 'loan', 'L1', transfer(avail, { member: me, book: 'loan' }, 'JPY', money('3004'))),
    // Another member's line in an entry this member shares is not theirs (never counted).
    entry('referral_reward', 'referral', 'R1', transfer({ house: 'referral_rewards' }, avail, 'JPY', money('200'))),
  ];
}

const positions = new Map([
  [
    'T1',
    {
      orderNo: 'T1',
      symbol: '7203',
      side: 'long' as const,
      quantity: '100',
      openPrice: '2000',
      closePrice: '2030',
      stampDuty: money('50'),
    },
  ],
]);

const opening = new Map<Currency, Books>([
  ['JPY', { available: money('1000'), frozen: money('0'), margin: money('0'), loan: money('0'), copy: money('0') }],
]);

describe('a statement built from ledger entries (issue 27)', () => {
  const s = buildStatement({ memberId: me, opening, entries: scriptedMonth(), positions });
  const jpy = s.currencies.find((c) => c.currency === 'JPY');
  const usd = s.currencies.find((c) => c.currency === 'USD');

  it('totals each category of the month, signed as it moved the member’s money', () => {
    const t = Object.fromEntries(statementCategories.map((k) => [k, jpy?.totals[k].toFixed()]));
    expect(t).toEqual({
      deposits: '100000',
      withdrawals: '-50000',
      exchangesIn: '0',
      exchangesOut: '-15500',
      realisedPnl: '3000',
      fees: '-200', // purchase 100 + selling 100 (the close's 150 less its stamp duty of 50)
      stampDuty: '-50',
      financing: '-30',
      loanInterest: '-4',
      referral: '200',
      other: '0',
    });
    expect(usd?.totals.exchangesIn.toFixed()).toBe('100.25');
    expect(jpy?.transfers.loansDisbursed.toFixed()).toBe('10000');
    expect(jpy?.transfers.loansRepaid.toFixed()).toBe('3004');
  });

  it('closes each book at the opening plus every line, and the net change is the sum of the categories', () => {
    // 1000 + 100000 − 20100 − 30 + 22850 − 50000 − 15500 + 10000 − 3004 + 200
    expect(jpy?.closing.available.toFixed()).toBe('45416');
    expect(jpy?.closing.margin.toFixed()).toBe('0');
    expect(jpy?.closing.frozen.toFixed()).toBe('0');
    expect(jpy?.closing.loan.toFixed()).toBe('-7000');
    expect(jpy?.closing.net.toFixed()).toBe('38416');
    expect(jpy?.closing.net.minus(jpy.opening.net).toFixed()).toBe(jpy?.change.toFixed());
    expect(usd?.opening.net.toFixed()).toBe('0');
    expect(usd?.closing.available.toFixed()).toBe('100.25');
  });

  it('lists the trade’s open and close with quantity, price, fees, stamp duty and realised P&L', () => {
    expect(
      s.trades.map((r) => [
        r.action,
        r.quantity,
        r.price,
        r.fee.toFixed(),
        r.stampDuty.toFixed(),
        r.realisedPnl?.toFixed(),
      ]),
    ).toEqual([
      ['open', '100', '2000', '100', '0', undefined],
      ['close', '100', '2030', '100', '50', '3000'],
    ]);
  });

  it('lists every other movement once, financing included, and no hold or release between own books', () => {
    expect(s.movements.map((m) => [m.category, m.currency, m.amount.toFixed()])).toEqual([
      ['deposits', 'JPY', '100000'],
      ['financing', 'JPY', '-30'],
      ['withdrawals', 'JPY', '-50000'],
      ['exchangesOut', 'JPY', '-15500'],
      ['exchangesIn', 'USD', '100.25'],
      ['loansDisbursed', 'JPY', '10000'],
      ['loanInterest', 'JPY', '-4'],
      ['loansRepaid', 'JPY', '3004'],
      ['referral', 'JPY', '200'],
    ]);
  });

  it('ignores another member’s lines in a shared entry', () => {
    const other = entry(
      'copy_fee',
      'copy',
      'C1',
      transfer({ member: 'm2', book: 'copy' }, { house: 'fees' }, 'JPY', money('5')),
    );
    const t = buildStatement({ memberId: me, opening, entries: [other], positions });
    expect(t.currencies.map((c) => [c.currency, c.change.toFixed(), c.closing.net.toFixed()])).toEqual([
      ['JPY', '-5', '1000'],
    ]);
  });
});

describe('for any balanced entries, the net change equals the sum of the categories (property)', () => {
  const houses = ['bank_clearing', 'fees', 'interest', 'trading', 'fx', 'ipo_escrow', 'referral_rewards'] as const;
  const books = ['available', 'frozen', 'margin', 'loan', 'copy'] as const;
  const amount = fc.integer({ min: 1, max: 10_000_000 }).map((c) => new Decimal(c).div(100));
  const line = fc.record({
    from: fc.oneof(
      fc.constantFrom(...books).map((book) => ({ member: me, book })),
      fc.constantFrom(...houses).map((house) => ({ house })),
    ),
    to: fc.constantFrom(...books).map((book) => ({ member: me, book })),
    currency: fc.constantFrom<Currency>('JPY', 'USD'),
    amount,
    kind: fc.constantFrom('deposit', 'trade_close', 'loan_interest', 'loan_disburse', 'exchange'),
  });
  it('holds', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (ls) => {
        const entries = ls.map((l, i) => ({
          entryId: String(i),
          kind: l.kind,
          reason: 'x',
          refType: 'x',
          refId: String(i),
          at: new Date(0),
          lines: transfer(l.from, l.to, l.currency, l.amount),
        }));
        const s = buildStatement({ memberId: me, opening: new Map(), entries, positions: new Map() });
        for (const c of s.currencies) expect(c.closing.net.minus(c.opening.net).eq(c.change)).toBe(true);
      }),
    );
  });
});
