import { Button, Result, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminKeys, fetchReconciliation } from '../api/back-office.api.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

/** The reconciliation report: every balance recomputed from the journal; ok, or each difference (DESIGN "Money and the ledger"). */
export function ReconciliationReport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useQuery({
    queryKey: adminKeys.reconciliation,
    queryFn: ({ signal }) => fetchReconciliation(signal),
    staleTime: 0,
  });

  return (
    <div className="review" data-testid="admin-reconciliation">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.recon.title')}</h2>
        <Button
          size="small"
          color="primary"
          loading={report.isFetching}
          onClick={() => void report.refetch()}
          data-testid="admin-recon-run"
        >
          {t('admin.recon.run')}
        </Button>
      </div>
      {report.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated className="centered-block" />
      ) : report.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
        </div>
      ) : (
        <>
          <div data-testid="admin-recon-status" data-ok={report.data.ok}>
            <Result
              status={report.data.ok ? 'success' : 'error'}
              title={t(report.data.ok ? 'admin.recon.ok' : 'admin.recon.bad')}
              description={t('admin.recon.summary', {
                entries: report.data.entries,
                accounts: report.data.accounts,
                time: jstText(report.data.checkedAt, 'Y-M-D h:m:s', locale),
              })}
            />
          </div>
          <h3 className="decision__title">{t('admin.recon.totals')}</h3>
          <table className="mini-table mini-table--full">
            <tbody>
              {report.data.currencyTotals.map((c) => (
                <tr key={c.currency}>
                  <td className="mono">{c.currency}</td>
                  <td className="num">{moneyText(c.total, c.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="decision__hint">{t('admin.recon.totalsHint')}</p>
          {report.data.unbalancedEntries.length > 0 && (
            <>
              <h3 className="decision__title">{t('admin.recon.unbalanced')}</h3>
              <table className="admin-table" data-testid="admin-recon-unbalanced">
                <thead>
                  <tr>
                    <th>{t('admin.recon.entry')}</th>
                    <th>{t('funds.currency')}</th>
                    <th>{t('admin.recon.sum')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.unbalancedEntries.map((u) => (
                    <tr key={`${u.entryId}-${u.currency}`}>
                      <td className="mono">{u.entryId}</td>
                      <td className="mono">{u.currency}</td>
                      <td className="num">{u.sum}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {report.data.balanceDifferences.length > 0 && (
            <>
              <h3 className="decision__title">{t('admin.recon.differences')}</h3>
              <div className="audit__scroll" tabIndex={0}>
                <table className="admin-table" data-testid="admin-recon-differences">
                  <thead>
                    <tr>
                      <th>{t('admin.recon.account')}</th>
                      <th>{t('admin.recon.owner')}</th>
                      <th>{t('funds.currency')}</th>
                      <th>{t('admin.recon.stored')}</th>
                      <th>{t('admin.recon.fromJournal')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.balanceDifferences.map((b) => (
                      <tr key={`${b.accountId}-${b.currency}`}>
                        <td className="mono">{b.accountId}</td>
                        <td>{b.owner}</td>
                        <td className="mono">{b.currency}</td>
                        <td className="num">{b.stored}</td>
                        <td className="num">{b.fromJournal}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
