import { useMemo, useState } from 'react';
import { Button, Skeleton, Tabs } from 'antd-mobile';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { statementCategories } from '@kabuto/domain/statements/statement';
import type { CurrencySectionWire, StatementFormat, StatementRequest, StatementWire } from '../api/statements.api.ts';
import { downloadStatement, fetchStatement, statementKeys } from '../api/statements.api.ts';
import { monthOptions, yearOptions } from '../components/period-options.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showNotice } from '../../../shared/api/notice.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../statements.css';

type Kind = StatementRequest['kind'];
type Category = keyof CurrencySectionWire['totals'];

// The order the totals are read in: the domain's, the report's order (money in and out, then trading, then charges).
const categories: readonly Category[] = statementCategories;

/**
 * Statements (/user/statements; issue 27): the monthly statement and the annual trading report (年間取引報告書), read
 * from the ledger. The member picks a month or a year (JST), sees its totals per currency, and downloads it as CSV or
 * PDF in the language they use now.
 */
export function StatementsScreen() {
  const session = useSession();
  const { t } = useTranslation();
  const lang = useLocale();
  const now = useMemo(() => new Date(), []);
  const months = useMemo(() => monthOptions(now), [now]);
  const years = useMemo(() => yearOptions(now), [now]);
  const [kind, setKind] = useState<Kind>('month');
  const [month, setMonth] = useState(months[0] ?? '');
  const [year, setYear] = useState(years[0] ?? '');
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const request: StatementRequest = { kind, period: kind === 'month' ? month : year, lang };

  const download = async (format: StatementFormat) => {
    setBusy(format);
    try {
      await downloadStatement(request, format);
      showNotice(t('statements.downloaded'));
    } catch {
      // The client has already shown the refusal or the network notice.
    } finally {
      setBusy(null);
    }
  };

  if (session.token === '')
    return (
      <Page testId="statements-screen">
        <SignInRequired />
      </Page>
    );

  return (
    <Page
      testId="statements-screen"
      footer={
        <div className="statements-actions">
          <Button
            block
            size="large"
            color="primary"
            fill="outline"
            loading={busy === 'csv'}
            disabled={busy !== null}
            onClick={() => void download('csv')}
            data-testid="statement-download-csv"
          >
            <Download aria-hidden="true" className="statements-actions__icon" />
            {t('statements.downloadCsv')}
          </Button>
          <Button
            block
            size="large"
            color="primary"
            loading={busy === 'pdf'}
            disabled={busy !== null}
            onClick={() => void download('pdf')}
            data-testid="statement-download-pdf"
          >
            <Download aria-hidden="true" className="statements-actions__icon" />
            {t('statements.downloadPdf')}
          </Button>
        </div>
      }
    >
      <Tabs activeKey={kind} onChange={(k) => setKind(k as Kind)} data-testid="statement-kind">
        <Tabs.Tab title={t('statements.kind.month')} key="month" />
        <Tabs.Tab title={t('statements.kind.year')} key="year" />
      </Tabs>
      <PeriodChips
        label={t(kind === 'month' ? 'statements.pickMonth' : 'statements.pickYear')}
        options={kind === 'month' ? months : years}
        value={request.period}
        onChange={kind === 'month' ? setMonth : setYear}
        text={(p) =>
          kind === 'month'
            ? t('statements.monthLabel', { year: p.slice(0, 4), month: String(Number(p.slice(5))) })
            : t('statements.yearLabel', { year: p })
        }
      />
      <p className="statements-note">{t('statements.note', { language: t(`languages.${lang}`) })}</p>
      <StatementSummary request={request} />
    </Page>
  );
}

function PeriodChips({
  label,
  options,
  value,
  onChange,
  text,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (p: string) => void;
  text: (p: string) => string;
}) {
  return (
    <div className="statements-periods" role="radiogroup" aria-label={label} data-testid="statement-periods">
      {options.map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={p === value}
          className={p === value ? 'statements-chip statements-chip--on' : 'statements-chip'}
          onClick={() => onChange(p)}
          data-testid={`statement-period-${p}`}
        >
          {text(p)}
        </button>
      ))}
    </div>
  );
}

function StatementSummary({ request }: { request: StatementRequest }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const query = useQuery({
    queryKey: statementKeys.show(token, request),
    queryFn: ({ signal }) => fetchStatement(request, signal),
    enabled: token !== '',
    retry: (count, error) => !(error instanceof ApiError && error.kind !== 'network') && count < 2,
  });
  if (query.isPending)
    return (
      <div className="statements-loading" aria-busy="true" data-testid="statement-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (query.isError)
    return (
      <LoadFailure
        titleKey="statements.loadFailedTitle"
        messageKey="statements.loadFailedBody"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="statement-failure"
      />
    );
  const s = query.data;
  return (
    <div data-testid="statement-summary">
      <p className="statements-asof">
        {t(s.period.running ? 'statements.asOfRunning' : 'statements.asOf', { at: jstText(s.period.asOf) })}
      </p>
      {s.currencies.map((c) => (
        <CurrencyCard key={c.currency} section={c} />
      ))}
      <TradesLine statement={s} />
    </div>
  );
}

function CurrencyCard({ section: c }: { section: CurrencySectionWire }) {
  const { t } = useTranslation();
  const cur = c.currency;
  const amount = (value: string, signed = false, testId?: string) => (
    <AmountText amount={value} currency={cur} signed={signed} {...(testId ? { testId } : {})} />
  );
  const totals: DetailRow[] = categories
    .filter((k) => c.totals[k] !== '0' || k === 'deposits' || k === 'withdrawals' || k === 'realisedPnl')
    .map((k) => ({
      label: t(`statements.categories.${k}`),
      value: amount(c.totals[k], true, `statement-total-${k}-${cur}`),
    }));
  const books: DetailRow[] = [
    {
      label: t('statements.books.available'),
      value: amount(c.closing.available, false, `statement-closing-available-${cur}`),
    },
    { label: t('statements.books.frozen'), value: amount(c.closing.frozen, false, `statement-closing-frozen-${cur}`) },
    { label: t('statements.books.margin'), value: amount(c.closing.margin) },
    ...(c.closing.copy !== '0' ? [{ label: t('statements.books.copy'), value: amount(c.closing.copy) }] : []),
    ...(c.closing.loan !== '0' ? [{ label: t('statements.books.loan'), value: amount(c.closing.loan, true) }] : []),
  ];
  const transfers: DetailRow[] = (['loansDisbursed', 'loansRepaid'] as const)
    .filter((k) => c.transfers[k] !== '0')
    .map((k) => ({ label: t(`statements.transfers.${k}`), value: amount(c.transfers[k]) }));
  return (
    <section className="statements-card" aria-labelledby={`statement-${cur}`} data-testid={`statement-currency-${cur}`}>
      <h2 className="statements-card__title" id={`statement-${cur}`}>
        {t('statements.currencyTitle', { currency: cur })}
      </h2>
      <div className="statements-card__figures">
        <div>
          <span className="statements-card__label">{t('statements.opening')}</span>
          {amount(c.opening.assets, false, `statement-opening-assets-${cur}`)}
        </div>
        <div>
          <span className="statements-card__label">{t('statements.closing')}</span>
          <strong>{amount(c.closing.assets, false, `statement-closing-assets-${cur}`)}</strong>
        </div>
      </div>
      <h3 className="statements-card__subtitle">{t('statements.totals')}</h3>
      <DetailList rows={totals} compact />
      <h3 className="statements-card__subtitle">{t('statements.closingBooks')}</h3>
      <DetailList rows={books} compact />
      {transfers.length > 0 && (
        <>
          <h3 className="statements-card__subtitle">{t('statements.loans')}</h3>
          <DetailList rows={transfers} compact />
        </>
      )}
    </section>
  );
}

function TradesLine({ statement: s }: { statement: StatementWire }) {
  const { t } = useTranslation();
  if (s.trades.length === 0 && s.movements.length === 0)
    return (
      <div className="statements-empty" data-testid="statement-empty">
        <StatusBlock kind="empty" title={t('statements.emptyTitle')} description={t('statements.emptyBody')} />
      </div>
    );
  return (
    <p className="statements-count" data-testid="statement-counts">
      {t('statements.counts', { trades: s.trades.length, movements: s.movements.length })}
    </p>
  );
}
