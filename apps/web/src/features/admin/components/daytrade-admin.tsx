import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { readCutOff } from '@kabuto/domain/daytrade/day-trade';
import {
  dayTradeAdminKeys,
  dayTradeReviewCalls,
  fetchDayTradeSettings,
  saveDayTradeSettings,
  type DayTradeReview,
  type DayTradeSettings,
} from '../api/daytrade-admin.api.ts';
import { ReviewQueue, type Column } from './review-queue.tsx';
import type { Decision } from './decision-panel.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

function columns(t: TFunction): Column<DayTradeReview>[] {
  return [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    {
      key: 'quota',
      head: t('admin.daytradeQueue.quota'),
      cell: (r) => moneyText(r.quota),
      className: 'num nowrap admin-table__amount',
    },
    {
      key: 'state',
      head: t('admin.daytradeQueue.state'),
      cell: (r) => (r.state ? t(`daytrade.state.${r.state}`) : '—'),
      className: 'nowrap',
    },
  ];
}

function DayTradeDetail({ r }: { r: DayTradeReview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m:s', locale) }) : '—');
  const rows: DetailRow[] = [
    { label: t('funds.orderNo'), value: r.orderNo, className: 'mono', testId: 'admin-detail-order' },
    { label: t('admin.cols.account'), value: r.account, className: 'num' },
    { label: t('admin.cols.realName'), value: r.realName ?? t('admin.members.unverifiedName') },
    { label: t('admin.seats.appliedAt'), value: when(r.createdAt), className: 'num' },
    ...(r.state ? [{ label: t('admin.daytradeQueue.state'), value: t(`daytrade.state.${r.state}`) }] : []),
    ...(r.endedAt ? [{ label: t('daytrade.fields.endedAt'), value: when(r.endedAt), className: 'num' }] : []),
  ];
  return (
    <>
      <div className="detail-pane__amount num" data-testid="admin-detail-amount">
        {moneyText(r.quota)}
      </div>
      <DetailList compact rows={rows} />
      {r.status === 'pending' && <p className="decision__hint">{t('admin.daytradeQueue.hint')}</p>}
    </>
  );
}

function useQuickReasons(): Record<Decision, readonly string[]> {
  const { t } = useTranslation();
  const list = (decision: Decision) => {
    const texts: unknown = t(`admin.quick.daytrade.${decision}`, { returnObjects: true });
    return typeof texts === 'object' && texts !== null
      ? Object.values(texts).filter((x): x is string => typeof x === 'string')
      : [];
  };
  return { approve: list('approve'), reject: list('reject') };
}

/**
 * Day-trading quota applications (issue 26): the review lifecycle's queue like the others. Approval puts the quota in
 * progress; a rejection keeps its reason, which the member reads. Never one's own application.
 */
export function DayTradeQueue(props: { mayDecide: boolean; onOpenMember: (memberId: string) => void }) {
  const { t } = useTranslation();
  return (
    <ReviewQueue<DayTradeReview>
      queue="daytrade"
      fetchPage={dayTradeReviewCalls.list}
      decideCall={dayTradeReviewCalls.decide}
      columns={columns(t)}
      quickReasons={useQuickReasons()}
      decisionReason={(r) => r.remarks}
      detail={(r) => <DayTradeDetail r={r} />}
      {...props}
    />
  );
}

/** The demo market's daily day-trade cut-off (HH:MM JST): admin sets it with a reason (audited); others read it. */
export function DayTradeTermsAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: dayTradeAdminKeys.settings,
    queryFn: ({ signal }) => fetchDayTradeSettings(signal),
  });
  if (settings.data)
    return <CutOffForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} maySave={maySave} />;
  if (settings.isError)
    return (
      <div className="centered-block">
        <Button color="primary" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <Skeleton.Paragraph lineCount={4} animated className="centered-block" />;
}

function CutOffForm({ settings, maySave }: { settings: DayTradeSettings; maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [cutOff, setCutOff] = useState(settings.demoCutOff);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = readCutOff(cutOff) !== null;
  const changed = cutOff !== settings.demoCutOff;
  const save = useMutation({
    mutationFn: () => saveDayTradeSettings({ demoCutOff: cutOff, reason: reason.trim() }),
    onSuccess: (next) => {
      showSuccess(successKeys.saved);
      setReason('');
      queryClient.setQueryData(dayTradeAdminKeys.settings, next);
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  return (
    <section className="decision admin-form" data-testid="admin-daytrade-terms">
      <h3 className="decision__title">{t('admin.daytrade.title')}</h3>
      <p className="decision__hint">
        {t(settings.profile === 'demo' ? 'admin.daytrade.demoNote' : 'admin.daytrade.tseNote')}
      </p>
      <p className="restriction-list__meta">
        {settings.updatedAt
          ? t('admin.daytrade.changed', { time: jstText(settings.updatedAt, 'Y-M-D h:m', locale) })
          : t('admin.daytrade.neverChanged')}
      </p>
      <label className="admin-field">
        <span>{t('admin.daytrade.cutOff')}</span>
        <input
          className="admin-input num"
          inputMode="numeric"
          placeholder="15:30"
          maxLength={5}
          readOnly={!maySave}
          value={cutOff}
          aria-invalid={!valid}
          onChange={(e) => {
            setCutOff(e.target.value.trim());
            setError(null);
          }}
          data-testid="admin-daytrade-cutoff"
        />
      </label>
      {!valid && <FormError error="errors.daytrade.cutOffInvalid" testId="admin-daytrade-cutoff-error" />}
      {maySave ? (
        <>
          <label className="decision__label" htmlFor="admin-daytrade-reason">
            {t('admin.decision.reason')}
          </label>
          <textarea
            id="admin-daytrade-reason"
            className="admin-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="admin-daytrade-reason"
          />
          <FormError error={error} testId="admin-daytrade-error" />
          <div className="decision__choices">
            <Button
              color="primary"
              disabled={!changed || !valid || reasonIssue(reason) !== null}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="admin-daytrade-save"
            >
              {t('admin.daytrade.save')}
            </Button>
          </div>
        </>
      ) : (
        <p className="decision__hint">{t('admin.daytrade.readOnly')}</p>
      )}
    </section>
  );
}
