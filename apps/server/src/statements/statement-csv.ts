import type { Lang } from '@kabuto/contracts/fields';
import type { StatementWire } from '@kabuto/contracts/statements/statements';
import { statementCategories, statementTransfers } from '@kabuto/domain/statements/statement';
import { memberBooks } from '@kabuto/domain/ledger/journal';
import { statementTexts } from './statement-texts.ts';
import { periodText, referenceOf, timeText } from './statement-layout.ts';

const numeric = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a spreadsheet would read
 * as a formula (= + - @ at its start) gets a leading apostrophe; money stays a plain decimal string.
 */
function field(value: string): string {
  const safe = !numeric.test(value) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const row = (cells: readonly string[]): string => cells.map(field).join(',');

/**
 * Issue 27: the statement as CSV for Excel in Japan: UTF-8 with a byte-order mark, CRLF line ends, headers in the
 * member's language, money as exact decimal strings (the ledger's, unrounded). Sections are separated by an empty
 * line, each with its own header row.
 */
export function statementCsv(s: StatementWire, lang: Lang): Buffer {
  const t = statementTexts[lang];
  const lines: string[] = [];
  const blank = () => lines.push('');
  lines.push(row([t.title[s.period.kind]]));
  lines.push(row([t.account, s.account]));
  lines.push(row([t.period, periodText(s), t.periodNote]));
  lines.push(row([t.asOf, timeText(s.period.asOf)]));
  lines.push(row([t.generated, timeText(s.generatedAt)]));
  if (s.period.running) lines.push(row([t.running]));

  blank();
  lines.push(row([t.sections.balances]));
  lines.push(row([t.currency, t.csv.item, t.opening, t.closing]));
  for (const c of s.currencies)
    for (const b of [...memberBooks, 'assets', 'net'] as const)
      lines.push(row([c.currency, t.books[b], c.opening[b], c.closing[b]]));

  blank();
  lines.push(row([t.sections.totals]));
  lines.push(row([t.currency, t.csv.item, t.csv.amount]));
  for (const c of s.currencies) {
    for (const k of statementCategories) lines.push(row([c.currency, t.categories[k], c.totals[k]]));
    lines.push(row([c.currency, t.change, c.change]));
  }

  blank();
  lines.push(row([t.sections.transfers]));
  lines.push(row([t.currency, t.csv.item, t.csv.amount]));
  for (const c of s.currencies)
    for (const k of statementTransfers) lines.push(row([c.currency, t.transfers[k], c.transfers[k]]));

  blank();
  lines.push(row([t.sections.trades]));
  lines.push(
    row([
      t.trade.date,
      t.trade.orderNo,
      t.trade.symbol,
      t.trade.side,
      t.trade.action,
      t.trade.quantity,
      t.trade.price,
      t.currency,
      t.trade.fee,
      t.trade.stampDuty,
      t.trade.realisedPnl,
    ]),
  );
  for (const r of s.trades)
    lines.push(
      row([
        timeText(r.at),
        r.orderNo,
        r.symbol,
        t.trade[r.side],
        t.trade[r.action],
        r.quantity,
        r.price ?? '',
        r.currency,
        r.fee,
        r.stampDuty,
        r.realisedPnl ?? '',
      ]),
    );

  blank();
  lines.push(row([t.sections.movements]));
  lines.push(row([t.movement.date, t.movement.category, t.movement.reference, t.currency, t.movement.amount]));
  for (const m of s.movements)
    lines.push(
      row([
        timeText(m.at),
        m.category in t.categories
          ? t.categories[m.category as keyof typeof t.categories]
          : t.transfers[m.category as keyof typeof t.transfers],
        referenceOf(m),
        m.currency,
        m.amount,
      ]),
    );

  blank();
  for (const note of t.notes) lines.push(row([note]));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}
