import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { adminKeys } from '../api/back-office.api.ts';
import type { DecideRequest, ReviewListRequest } from '../api/back-office.api.ts';
import type { Queue } from '../admin-permissions.ts';
import { DecisionPanel } from './decision-panel.tsx';
import type { Decision } from './decision-panel.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { showSuccess } from '../../../shared/api/notice.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../../../shared/components/detail-list.css';

const PAGE_SIZE = 20;
const statuses: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

export interface ReviewItem {
  id: string;
  memberId: string;
  account: string;
  status: ReviewStatus;
  decidedAt: string | null;
  /** Four eyes: approvals so far, approvals needed, and by whom (staff accounts). */
  approvals: number;
  approvalsRequired: number;
  approvedBy: string[];
}

export interface DecisionOutcome {
  status: ReviewStatus;
  approvals: number;
  approvalsRequired: number;
}

export interface Column<T> {
  key: string;
  head: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

interface ReviewQueueProps<T extends ReviewItem> {
  queue: Queue;
  fetchPage: (body: ReviewListRequest, signal: AbortSignal) => Promise<{ items: T[]; total: number }>;
  decideCall: (body: DecideRequest) => Promise<DecisionOutcome>;
  columns: readonly Column<T>[];
  /** What the reviewer needs to decide: images, amounts, card, reference. */
  detail: (item: T) => ReactNode;
  /** The reason recorded with the decision (remarks/reason), for decided items. */
  decisionReason: (item: T) => string;
  quickReasons: Record<Decision, readonly string[]>;
  mayDecide: boolean;
  onOpenMember: (memberId: string) => void;
}

const listKey = {
  realName: adminKeys.realName,
  deposits: adminKeys.deposits,
  withdrawals: adminKeys.withdrawals,
  seats: adminKeys.seats,
  block: adminKeys.block,
  loan: adminKeys.loan,
  daytrade: adminKeys.daytrade,
} as const;

/** A review queue: status filter, table, the detail pane of the chosen row, and the decision (UX "Back office"). */
export function ReviewQueue<T extends ReviewItem>({
  queue,
  fetchPage,
  decideCall,
  columns,
  detail,
  decisionReason,
  quickReasons,
  mayDecide,
  onOpenMember,
}: ReviewQueueProps<T>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  const list = useQuery({
    queryKey: [...listKey[queue], status, page],
    queryFn: ({ signal }) => fetchPage({ status, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'pending' ? 30_000 : false,
  });
  const rows = list.data?.items ?? [];
  const selected = rows.find((r) => r.id === selectedId) ?? null;

  useEffect(() => {
    if (selectedId && detailRef.current && window.matchMedia('(max-width: 899px)').matches)
      detailRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selectedId]);

  const decide = useMutation({
    mutationFn: (v: { id: string; decision: Decision; reason: string }) => decideCall(v),
    onSuccess: async (outcome) => {
      // A first approval above the four-eyes bar leaves the item pending for a second reviewer.
      showSuccess(outcome.status === 'pending' ? successKeys.firstApproval : successKeys.decided);
      setSelectedId(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey[queue] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.counts }),
      ]);
    },
    // A refusal (your own case, decided meanwhile by someone else) is said beside the item; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: listKey[queue] }),
  });
  const pick = (id: string | null) => {
    setSelectedId(id);
    decide.reset();
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="review" data-testid={`admin-queue-${queue}`}>
      <div className="review__filters">
        {/* The refresh button sits beside the tabs, outside the tab list (axe aria-required-children). */}
        <div className="review__tabs" role="tablist" aria-label={t('admin.queue.status')}>
          {statuses.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === status}
              className={`segmented__option${s === status ? ' segmented__option--on' : ''}`}
              onClick={() => {
                setStatus(s);
                setPage(1);
                pick(null);
              }}
              data-testid={`admin-filter-${s}`}
            >
              {t(`reviewStatus.${s}`)}
            </button>
          ))}
        </div>
        <Button
          size="small"
          fill="none"
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isPending}
          data-testid="admin-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>

      <div className="review__layout">
        <div className="review__list">
          {list.isPending ? (
            <div className="audit__loading" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton.Paragraph key={i} lineCount={1} animated />
              ))}
            </div>
          ) : list.isError && !list.data ? (
            <div className="centered-block" data-testid="admin-queue-failed">
              <StatusBlock
                kind="disconnected"
                title={t('admin.audit.failedTitle')}
                description={t('admin.audit.failedBody')}
              />
              <Button color="primary" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <div className="centered-block" data-testid="admin-queue-empty">
              <StatusBlock
                kind="empty"
                title={t(`admin.queue.empty.${status}`)}
                description={t('admin.queue.emptyHint')}
              />
            </div>
          ) : (
            <div className="audit__scroll" tabIndex={0}>
              <table className="admin-table" data-testid="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.queue.time')}</th>
                    {columns.map((c) => (
                      <th key={c.key} scope="col">
                        {c.head}
                      </th>
                    ))}
                    <th scope="col">{t('funds.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.id}
                      className={row.id === selectedId ? 'admin-table__row admin-table__row--on' : 'admin-table__row'}
                      onClick={() => pick(row.id)}
                      tabIndex={0}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') pick(row.id);
                      }}
                      aria-selected={row.id === selectedId}
                      data-testid="admin-row"
                      data-id={row.id}
                      data-account={row.account}
                    >
                      <td className="num nowrap">{jstText(submittedAt(row), 'M/D h:m', locale)}</td>
                      {columns.map((c) => (
                        <td key={c.key} className={c.className}>
                          {c.cell(row)}
                        </td>
                      ))}
                      <td>
                        <StatusPill status={row.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="audit__pager">
            <Button
              size="small"
              disabled={page <= 1 || list.isFetching}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('admin.audit.prev')}
            </Button>
            <span className="num">{t('admin.audit.pageOf', { page, pages, total })}</span>
            <Button size="small" disabled={page >= pages || list.isFetching} onClick={() => setPage((p) => p + 1)}>
              {t('admin.audit.next')}
            </Button>
          </div>
        </div>

        <div className="review__detail" ref={detailRef}>
          {selected ? (
            <div className="detail-pane" data-testid="admin-detail" data-id={selected.id}>
              <div className="detail-pane__head">
                <StatusPill status={selected.status} testId="admin-detail-status" />
                <Button
                  size="small"
                  fill="outline"
                  onClick={() => onOpenMember(selected.memberId)}
                  data-testid="admin-open-member"
                >
                  {t('admin.queue.openMember', { account: selected.account })}
                </Button>
              </div>
              {detail(selected)}
              {selected.approvalsRequired > 1 && (
                <p className="decision__hint" data-testid="admin-four-eyes">
                  {t('admin.fourEyes', { approvals: selected.approvals, required: selected.approvalsRequired })}
                  {selected.approvedBy.length > 0 &&
                    ` · ${t('admin.approvedBy', { accounts: selected.approvedBy.join(', ') })}`}
                </p>
              )}
              {selected.status === 'pending' ? (
                mayDecide ? (
                  <>
                    <DecisionPanel
                      key={selected.id}
                      quickReasons={quickReasons}
                      pending={decide.isPending}
                      onDecide={(decision, reason) => decide.mutate({ id: selected.id, decision, reason })}
                    />
                    {decide.isError && (
                      <p
                        className="decision__refusal"
                        role="alert"
                        data-testid="admin-decide-refusal"
                        data-key={errorKeyOf(decide.error)}
                      >
                        {t(errorKeyOf(decide.error))}
                      </p>
                    )}
                  </>
                ) : (
                  <p className="decision__hint" data-testid="admin-read-only">
                    {t('admin.queue.readOnly')}
                  </p>
                )
              ) : (
                <section className="decision decision--done" data-testid="admin-decided">
                  <h3 className="decision__title">{t('admin.decision.recorded')}</h3>
                  <dl className="detail-list detail-list--compact">
                    <div>
                      <dt>{t('admin.decision.reason')}</dt>
                      <dd>{decisionReason(selected) || '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('records.decidedAt')}</dt>
                      <dd className="num">
                        {selected.decidedAt
                          ? t('common.jst', { time: jstText(selected.decidedAt, 'Y-M-D h:m:s', locale) })
                          : '—'}
                      </dd>
                    </div>
                  </dl>
                </section>
              )}
            </div>
          ) : (
            rows.length > 0 && <p className="detail-pane__placeholder">{t('admin.queue.pick')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function submittedAt(item: ReviewItem): string {
  const row = item as ReviewItem & { submittedAt?: string; createdAt?: string };
  return row.submittedAt ?? row.createdAt ?? '';
}
