import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Lang } from '@kabuto/contracts/fields';
import type { StatementWire } from '@kabuto/contracts/statements/statements';
import { memberBooks } from '@kabuto/domain/ledger/journal';
import { statementCategories, statementTransfers } from '@kabuto/domain/statements/statement';
import { statementTexts } from './statement-texts.ts';
import { moneyText, periodText, referenceOf, timeText } from './statement-layout.ts';

// Issue 27: the statement as a PDF (pdfkit), server-side only. Noto Sans JP (en, jp) and Noto Sans TC (tw), OFL 1.1,
// from npm; pdfkit embeds only the glyphs a document uses (a subset), so a statement stays small.
const require = createRequire(import.meta.url);
const fontFiles: Readonly<Record<Lang, string>> = {
  en: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  tw: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
};
const fonts = new Map<string, Promise<Buffer>>();
function fontFor(lang: Lang): Promise<Buffer> {
  const file = fontFiles[lang];
  let font = fonts.get(file);
  if (!font) {
    font = readFile(require.resolve(file));
    fonts.set(file, font);
    font.catch(() => fonts.delete(file));
  }
  return font;
}

interface Column {
  text: string;
  width: number;
  align?: 'left' | 'right';
}

const margin = 40;
const pageWidth = 595.28; // A4 portrait
const contentWidth = pageWidth - 2 * margin;

export async function statementPdf(s: StatementWire, lang: Lang): Promise<Buffer> {
  const t = statementTexts[lang];
  const font = await fontFor(lang);
  const title = t.title[s.period.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    info: { Title: `${title} ${s.period.label}`, Author: t.firm, Subject: `${t.account} ${s.account}` },
    lang: lang === 'jp' ? 'ja' : lang === 'tw' ? 'zh-TW' : 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font);
  doc.font('body');

  const bottom = () => doc.page.height - margin;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const rule = () => {
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + contentWidth, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  const tableRow = (cols: readonly Column[], size: number, header = false) => {
    doc.fontSize(size);
    // A header that does not fit its column wraps; the row is as tall as its tallest cell.
    const tallest = Math.max(...cols.map((c) => doc.heightOfString(c.text, { width: c.width - 4 })));
    const height = Math.max(size * 1.6, tallest + size * 0.6);
    ensure(height);
    const y = doc.y;
    let x = margin;
    doc.fillColor(header ? '#444444' : '#000000');
    for (const c of cols) {
      doc.text(c.text, x + 2, y + size * 0.3, { width: c.width - 4, align: c.align ?? 'left' });
      x += c.width;
    }
    doc.x = margin;
    doc.y = y + height;
    if (header) rule();
  };
  // CJK texts use full-width brackets (UX "Words").
  const withCurrency = (text: string, currency: string) =>
    lang === 'en' ? `${text} (${currency})` : `${text}（${currency}）`;
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.6).fontSize(11).fillColor('#000000').text(text, margin, doc.y, { width: contentWidth });
    doc.moveDown(0.2);
  };

  // Title and the facts of the document.
  doc.fontSize(16).text(`${t.firm}  ${title}`, margin, margin, { width: contentWidth });
  doc.moveDown(0.4).fontSize(9);
  const facts: [string, string][] = [
    [t.account, s.account],
    [t.period, `${periodText(s)}  ${t.periodNote}`],
    [t.asOf, timeText(s.period.asOf)],
    [t.generated, timeText(s.generatedAt)],
  ];
  for (const [k, v] of facts)
    tableRow(
      [
        { text: k, width: 110 },
        { text: v, width: contentWidth - 110 },
      ],
      9,
    );
  if (s.period.running) doc.fontSize(8).fillColor('#444444').text(t.running, margin, doc.y, { width: contentWidth });

  for (const c of s.currencies) {
    heading(withCurrency(t.sections.balances, c.currency));
    const w = [contentWidth - 240, 120, 120];
    tableRow(
      [
        { text: t.csv.item, width: w[0] ?? 0 },
        { text: t.opening, width: w[1] ?? 0, align: 'right' },
        { text: t.closing, width: w[2] ?? 0, align: 'right' },
      ],
      9,
      true,
    );
    for (const b of [...memberBooks, 'assets', 'net'] as const)
      tableRow(
        [
          { text: t.books[b], width: w[0] ?? 0 },
          { text: moneyText(c.opening[b]), width: w[1] ?? 0, align: 'right' },
          { text: moneyText(c.closing[b]), width: w[2] ?? 0, align: 'right' },
        ],
        9,
      );

    heading(withCurrency(t.sections.totals, c.currency));
    tableRow(
      [
        { text: t.csv.item, width: contentWidth - 120 },
        { text: t.csv.amount, width: 120, align: 'right' },
      ],
      9,
      true,
    );
    for (const k of statementCategories)
      tableRow(
        [
          { text: t.categories[k], width: contentWidth - 120 },
          { text: moneyText(c.totals[k]), width: 120, align: 'right' },
        ],
        9,
      );
    tableRow(
      [
        { text: t.change, width: contentWidth - 120 },
        { text: moneyText(c.change), width: 120, align: 'right' },
      ],
      9,
    );
    if (statementTransfers.some((k) => c.transfers[k] !== '0')) {
      heading(t.sections.transfers);
      for (const k of statementTransfers)
        tableRow(
          [
            { text: t.transfers[k], width: contentWidth - 120 },
            { text: moneyText(c.transfers[k]), width: 120, align: 'right' },
          ],
          9,
        );
    }
  }

  heading(t.sections.trades);
  const tw = [64, 94, 30, 30, 36, 38, 52, 44, 40, 87];
  const tradeCols = (cells: string[]): Column[] =>
    cells.map((text, i) => ({ text, width: tw[i] ?? 40, align: i >= 5 ? 'right' : 'left' }));
  if (s.trades.length === 0) doc.fontSize(9).text(t.none, margin, doc.y, { width: contentWidth });
  else {
    tableRow(
      tradeCols([
        t.trade.date,
        t.trade.orderNo,
        t.trade.symbol,
        t.trade.side,
        t.trade.action,
        t.trade.quantity,
        t.trade.price,
        t.trade.fee,
        t.trade.stampDuty,
        t.trade.realisedPnl,
      ]),
      7,
      true,
    );
    for (const r of s.trades)
      tableRow(
        tradeCols([
          timeText(r.at),
          r.orderNo,
          r.symbol,
          t.trade[r.side],
          t.trade[r.action],
          r.quantity,
          r.price === null ? '' : moneyText(r.price),
          moneyText(r.fee),
          moneyText(r.stampDuty),
          r.realisedPnl === null ? '' : moneyText(r.realisedPnl),
        ]),
        7,
      );
  }

  heading(t.sections.movements);
  const mw = [90, contentWidth - 90 - 130 - 45 - 100, 130, 45, 100];
  const moveCols = (cells: string[]): Column[] =>
    cells.map((text, i) => ({ text, width: mw[i] ?? 40, align: i === 4 ? 'right' : 'left' }));
  if (s.movements.length === 0) doc.fontSize(9).text(t.none, margin, doc.y, { width: contentWidth });
  else {
    tableRow(
      moveCols([t.movement.date, t.movement.category, t.movement.reference, t.currency, t.movement.amount]),
      8,
      true,
    );
    for (const m of s.movements)
      tableRow(
        moveCols([
          timeText(m.at),
          m.category in t.categories
            ? t.categories[m.category as keyof typeof t.categories]
            : t.transfers[m.category as keyof typeof t.transfers],
          referenceOf(m),
          m.currency,
          moneyText(m.amount),
        ]),
        8,
      );
  }

  doc.moveDown(1);
  ensure(50);
  doc.fontSize(7.5).fillColor('#444444');
  for (const note of t.notes) doc.text(`・${note}`, margin, doc.y, { width: contentWidth });
  doc.end();
  return done;
}
