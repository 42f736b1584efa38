import { inflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { Decimal } from '@kabuto/domain/money';
import { errorKeys } from '@kabuto/contracts/errors';
import type { PositionWire } from '@kabuto/contracts/trade/orders';
import type { StatementWire } from '@kabuto/contracts/statements/statements';
import type { LoanWire } from '@kabuto/contracts/loans/loans';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund, verifiedMember } from '../test/money-fixtures.ts';
import { expectReconciled, order, place } from '../trading/trade-fixtures.ts';

const d = (v: string) => new Decimal(v);

interface Assets {
  totalAssets: string;
  available: string;
  frozen: string;
  profit: string;
  balances: { currency: string; available: string; frozen: string; margin: string; loan: string }[];
}

/**
 * The text a PDF shows, read back the way a reader does: inflate its streams, map each glyph through the font's
 * ToUnicode CMap, and join the strings of the text operators.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    streams.push(m[1]?.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1'));
  }
  const glyphs = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const [, body] of s.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
      for (const [, lo, hi, dst] of (body ?? '').matchAll(/<(\w+)>\s*<(\w+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
        const from = parseInt(lo ?? '0', 16);
        const to = parseInt(hi ?? '0', 16);
        const targets = [...(dst ?? '').matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => (x[1] ?? '').replace(/\s/g, ''));
        for (let g = from; g <= to; g++) {
          const key = g.toString(16).padStart(4, '0');
          const target = dst?.startsWith('[') ? targets[g - from] : undefined;
          glyphs.set(
            key,
            target !== undefined ? utf16(target) : String.fromCharCode(parseInt(targets[0] ?? '0', 16) + g - from),
          );
        }
      }
    }
    for (const [, body] of s.matchAll(/beginbfchar([^]*?)endbfchar/g))
      for (const [, src, dst] of (body ?? '').matchAll(/<(\w+)>\s*<(\w+)>/g))
        glyphs.set((src ?? '').toLowerCase(), utf16(dst ?? ''));
  }
  const out: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x) && !x.includes('begincmap'))) {
    for (const [, arr] of s.matchAll(/\[([^\]]*)\]\s*TJ|(<\w*>)\s*Tj/g)) {
      const hexes = [...(arr ?? '').matchAll(/<(\w*)>/g)].map((x) => x[1] ?? '').join('');
      let text = '';
      for (let i = 0; i + 4 <= hexes.length; i += 4) text += glyphs.get(hexes.slice(i, i + 4).toLowerCase()) ?? '?';
      out.push(text);
    }
  }
  return out.join('\n');
}

async function download(h: Harness, headers: Record<string, string>, body: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: '/api/vue/user/statement/download',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

describeEachDatabase('statements: the month and the year from the ledger (issue 27)', (h) => {
  it('after a scripted month its totals are the member centre’s and the ledger reconciles; files say the same', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '500000', m.staff);

    // A trade opened and closed.
    const placed = await place(h(), m, order({ quantity: '100', leverage: 5 }));
    expect([placed.status, placed.msg]).toEqual([1, 'success.purchase']);
    const closed = await h().call<PositionWire>('trade/close', { orderNo: placed.data.orderNo }, m.headers);
    expect(closed.status).toBe(1);

    // An exchange, a withdrawal paid out, a loan paid out and partly repaid.
    const quote = await h().call<{ quoteId: string }>(
      'user/exchange/quote',
      { from: 'JPY', to: 'USD', amount: '15000' },
      m.headers,
    );
    expect((await h().call('user/exchange/create', { quoteId: quote.data.quoteId }, m.headers)).status).toBe(1);
    const w = await h().call<{ id: string }>(
      'user/withdraw/create',
      { amount: '30000', fundPassword: m.pin, bankCardId: m.cardId },
      m.headers,
    );
    expect(w.status).toBe(1);
    await h().call('admin/withdrawals/decide', { id: w.data.id, decision: 'approve', reason: 'paid' }, m.staff);
    const loan = await h().call<LoanWire>(
      'user/loan/apply',
      { amount: '10000', termDays: 30, plan: 'anytime' },
      m.headers,
    );
    expect(loan.status).toBe(1);
    expect(
      (await h().call('admin/loan/decide', { id: loan.data.id, decision: 'approve', reason: 'ok' }, m.staff)).status,
    ).toBe(1);
    expect((await h().call('user/loan/repay', { id: loan.data.id, amount: '4000' }, m.headers)).status).toBe(1);

    const assets = (await h().call<Assets>('user/assets', {}, m.headers)).data;
    const res = await h().call<StatementWire>(
      'user/statement/show',
      { kind: 'month', period: '2026-11', lang: 'jp' },
      m.headers,
    );
    expect(res.status).toBe(1);
    const s = res.data;
    expect(s.period).toMatchObject({ label: '2026-11', from: '2026-10-31T15:00:00.000Z', running: true });

    // Closing balances per currency are the member centre's, book by book.
    for (const b of assets.balances) {
      const c = s.currencies.find((x) => x.currency === b.currency);
      expect([b.currency, c?.closing.available, c?.closing.frozen, c?.closing.margin, c?.closing.loan]).toEqual([
        b.currency,
        b.available,
        b.frozen,
        b.margin,
        b.loan,
      ]);
    }
    const jpy = s.currencies.find((c) => c.currency === 'JPY');
    const usd = s.currencies.find((c) => c.currency === 'USD');
    if (!jpy || !usd) throw new Error('sections missing');
    expect(jpy.opening.net).toBe('0');
    expect(jpy.totals).toMatchObject({ deposits: '500000', withdrawals: '-30000', exchangesOut: '-15000' });
    expect(jpy.transfers).toEqual({ loansDisbursed: '10000', loansRepaid: '4000' });
    // The trade's fees and P&L are the position's.
    const fees = d(closed.data.purchaseFee).plus(closed.data.sellingFee);
    expect(d(jpy.totals.fees).plus(jpy.totals.stampDuty).eq(fees.plus(closed.data.stampDuty).negated())).toBe(true);
    expect(jpy.totals.realisedPnl).toBe(closed.data.pnl);
    expect(d(jpy.closing.net).minus(jpy.opening.net).toFixed()).toBe(jpy.change);
    // Realised P&L less fees is the member centre's profit (nothing open).
    expect(d(jpy.totals.realisedPnl).plus(jpy.totals.fees).plus(jpy.totals.stampDuty).toFixed()).toBe(assets.profit);
    expect(s.trades.map((t) => [t.action, t.orderNo, t.quantity])).toEqual([
      ['open', placed.data.orderNo, '100'],
      ['close', placed.data.orderNo, '100'],
    ]);
    expect(usd.totals.exchangesIn).toBe(usd.closing.available);
    await expectReconciled(h());

    // The year holds the same month; the month before holds nothing.
    const year = await h().call<StatementWire>(
      'user/statement/show',
      { kind: 'year', period: '2026', lang: 'jp' },
      m.headers,
    );
    expect(year.data.currencies).toEqual(s.currencies);
    const october = await h().call<StatementWire>(
      'user/statement/show',
      { kind: 'month', period: '2026-10', lang: 'en' },
      m.headers,
    );
    expect(october.data.currencies.map((c) => [c.currency, c.closing.net, c.change])).toEqual([['JPY', '0', '0']]);

    // CSV: UTF-8 with a BOM, headers in the member's language, money as decimal strings.
    const csv = await download(h(), m.headers, { kind: 'month', period: '2026-11', lang: 'jp', format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain(
      'attachment; filename="kabuto-statement-2026-11-jp.csv"',
    );
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(csv.rawPayload.subarray(3).toString('utf8'), { relaxColumnCount: true }) as string[][];
    expect(rows[0]).toEqual(['月間取引報告書']);
    expect(rows).toContainEqual(['口座番号', m.account]);
    expect(rows).toContainEqual(['通貨', '項目', '期首残高', '期末残高']);
    expect(rows).toContainEqual(['JPY', '入金', '500000']);
    expect(rows).toContainEqual(['JPY', '出金', '-30000']);
    expect(rows).toContainEqual(['JPY', '利用可能', '0', jpy.closing.available]);
    expect(rows.filter((r) => r[1] === placed.data.orderNo).map((r) => r[4])).toEqual(['新規建', '返済']);

    // PDF: a real PDF whose text (read back through its fonts) carries the title, the account and the totals.
    const pdf = await download(h(), m.headers, { kind: 'month', period: '2026-11', lang: 'jp', format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Kabuto  月間取引報告書');
    expect(text).toContain(m.account);
    expect(text).toContain('入金');
    expect(text).toContain('500,000.00');
    expect(text).toContain('−30,000.00');
    expect(text).toContain(placed.data.orderNo);
    // A subset of the font is embedded, not the 5 MB file.
    expect(pdf.rawPayload.length).toBeLessThan(400_000);

    const tw = pdfText(
      (await download(h(), m.headers, { kind: 'year', period: '2026', lang: 'tw', format: 'pdf' })).rawPayload,
    );
    expect(tw).toContain('年度交易報告');
    expect(tw).toContain('手續費');
    const en = pdfText(
      (await download(h(), m.headers, { kind: 'year', period: '2026', lang: 'en', format: 'pdf' })).rawPayload,
    );
    expect(en).toContain('Annual trading report');
    expect(en).toContain('Realised P&L');
  });

  it('a member reads only their own statement: another’s token gets their own figures; no token, no statement', async () => {
    const a = await verifiedMember(h());
    await fund(h(), a, '120000', a.staff);
    const b = await h().member();
    const body = { kind: 'month', period: '2026-11', lang: 'en' };
    const own = await h().call<StatementWire>('user/statement/show', body, b.headers);
    expect(own.data.account).toBe(b.account);
    expect(own.data.currencies).toEqual([expect.objectContaining({ currency: 'JPY', change: '0' })]);
    expect(own.data.movements).toEqual([]);
    // B's token with A's account is refused; no token is refused; neither gets a file.
    const mixed = await download(h(), { token: b.headers.token ?? '', account: a.account }, { ...body, format: 'csv' });
    expect(mixed.statusCode).toBe(401);
    const none = await download(h(), {}, { ...body, format: 'pdf' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/json');
  });

  it('refuses a malformed, future or out-of-range period and an unknown format with catalogued keys', async () => {
    const m = await h().member();
    const show = (body: Record<string, unknown>) => h().call('user/statement/show', body, m.headers);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'month', period: '2026-13', lang: 'jp' }, errorKeys.statements.periodInvalid],
      [{ kind: 'month', period: '2026/11', lang: 'jp' }, errorKeys.statements.periodInvalid],
      [{ kind: 'month', period: 'x'.repeat(10_000), lang: 'jp' }, errorKeys.statements.periodInvalid],
      [{ kind: 'week', period: '2026-11', lang: 'jp' }, errorKeys.statements.periodInvalid],
      [{ kind: 'month', period: '2026-12', lang: 'jp' }, errorKeys.statements.periodInFuture],
      [{ kind: 'year', period: '2027', lang: 'jp' }, errorKeys.statements.yearOutOfRange],
      [{ kind: 'year', period: '1999', lang: 'jp' }, errorKeys.statements.yearOutOfRange],
      [{ kind: 'year', period: '2026', lang: 'fr' }, errorKeys.request.invalid],
    ];
    for (const [body, key] of cases) expect([await show(body).then((r) => [r.http, r.msg])].flat()).toEqual([400, key]);
    const file = await download(h(), m.headers, { kind: 'year', period: '2026', lang: 'jp', format: 'docx' });
    expect([file.statusCode, (file.json() as { msg: string }).msg]).toEqual([400, errorKeys.statements.formatInvalid]);
    const future = await download(h(), m.headers, { kind: 'month', period: '2026-12', lang: 'jp', format: 'csv' });
    expect([future.statusCode, (future.json() as { msg: string }).msg]).toEqual([
      400,
      errorKeys.statements.periodInFuture,
    ]);
  });
});
