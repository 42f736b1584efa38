import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kabuto/domain/format/date';
import { auditActions } from '@kabuto/contracts/admin/audit-actions';
import { auditLogKey, fetchAuditLog } from '../api/audit-log.api.ts';
import { auditActionText } from '../audit-action-text.ts';
import { refreshAfterChanges } from '../../../shared/api/query-client.ts';
import { isLang } from '../../../shared/session/session.store.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { TablePager } from './table-pager.tsx';

const PAGE_SIZE = 20;
const columns = ['time', 'actor', 'role', 'action', 'target', 'reason', 'requestId'] as const;

/** The append-only audit log (DESIGN "Integrity": every staff action with actor, target, reason and time). */
export function AuditLogViewer() {
  const { t, i18n } = useTranslation();
  const locale = isLang(i18n.language) ? i18n.language : 'jp';
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');

  const log = useQuery({
    queryKey: auditLogKey(page, PAGE_SIZE, action),
    queryFn: ({ signal }) => fetchAuditLog({ page, pageSize: PAGE_SIZE, ...(action ? { action } : {}) }, signal),
    placeholderData: keepPreviousData,
    // Fresh after every change the app makes (query-client.ts), and whenever the log is opened: reads are audited
    // too (a member's document viewed), and other staff act elsewhere.
    meta: refreshAfterChanges,
    refetchOnMount: 'always',
  });

  const applyFilter = (value: string) => {
    setAction(value);
    setPage(1);
  };

  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className="audit" data-testid="admin-audit">
      <div className="audit__filter" role="search">
        <select
          className="admin-select"
          aria-label={t('admin.audit.filterLabel')}
          value={action}
          onChange={(e) => applyFilter(e.target.value)}
          data-testid="admin-audit-filter"
        >
          <option value="">{t('admin.audit.allActions')}</option>
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {auditActionText(a)}
            </option>
          ))}
        </select>
      </div>

      {log.isPending ? (
        <div className="audit__loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton.Paragraph key={i} lineCount={1} animated />
          ))}
        </div>
      ) : log.isError && !log.data ? (
        <div className="centered-block" data-testid="admin-audit-failed">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button color="primary" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : log.data && log.data.items.length === 0 ? (
        <div className="centered-block" data-testid="admin-audit-empty">
          <StatusBlock
            kind="empty"
            title={t(action ? 'admin.audit.emptyFiltered' : 'admin.audit.empty')}
            description={t('admin.audit.emptyHint')}
          />
          {action !== '' && (
            <Button onClick={() => applyFilter('')} data-testid="admin-audit-clear">
              {t('admin.audit.clear')}
            </Button>
          )}
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="audit__table" data-testid="admin-audit-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`admin.audit.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.data?.items.map((entry) => (
                <tr key={entry.id} data-testid="admin-audit-row">
                  <td className="num nowrap">{formatDate(entry.createdAt, 'Y-M-D h:m:s', undefined, locale)}</td>
                  <td className="num">{entry.actorAccount}</td>
                  <td className="nowrap">{t(`roles.${entry.actorRole}`)}</td>
                  <td className="nowrap" data-testid="admin-audit-action" title={entry.action}>
                    {auditActionText(entry.action)}
                  </td>
                  <td className="mono">{entry.target}</td>
                  <td className="audit__reason">{entry.reason}</td>
                  <td className="mono audit__request">{entry.requestId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <TablePager page={page} pages={pages} total={total} busy={log.isFetching} onPage={setPage} testId="admin-audit" />
    </section>
  );
}
