import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { Armchair } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { applyForSeat, fundsKeys, type Assets, type SeatState } from '../api/funds.api.ts';
import { useSeatStatus } from '../api/funds.queries.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';

type Verification = Assets['realNameStatus'];

/**
 * Issue 25, SPEC §6 "a seat account exists that a member can apply for": the member centre's seat-account card — its
 * status, staff's reason for a rejection, and the application, confirmed in a sheet that says what a seat account
 * gives and that staff review it. Applying needs a verified name, so an unverified member is sent to verification.
 */
export function SeatCard({ verification, account }: { verification: Verification | undefined; account: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const seat = useSeatStatus();
  const submission = useIdempotentSubmission();
  const [sheet, setSheet] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A refusal may mean the state moved on (applied elsewhere, verification lapsed): show what the server has now.
  const refetchState = () =>
    Promise.all(
      [fundsKeys.seat, fundsKeys.realName, fundsKeys.assets].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const apply = useMutation({
    mutationFn: () => applyForSeat(submission.headersFor({ apply: 'seat' })),
    onSuccess: async (state) => {
      submission.settle();
      setSheet(false);
      setError(null);
      queryClient.setQueryData<SeatState>([...fundsKeys.seat, token], state);
      showSuccess(successKeys.submitted);
      await refetchState();
    },
    onError: (e) => {
      submission.settle(e);
      setSheet(false);
      setError(errorKeyOf(e));
      void refetchState();
    },
  });

  if (!seat.data) {
    if (!seat.isError) return null;
    return (
      <section className="card seat-card" data-testid="uc-seat" data-status="failed" role="alert">
        <div className="seat-card__head">
          <Armchair className="seat-card__icon" aria-hidden="true" />
          <h2 className="seat-card__title">{t('memberCentre.seat.title')}</h2>
        </div>
        <p className="seat-card__text">{t('memberCentre.seat.loadFailed')}</p>
        <Button
          size="small"
          fill="outline"
          loading={seat.isFetching}
          onClick={() => void seat.refetch()}
          data-testid="uc-seat-retry"
        >
          {t('common.retry')}
        </Button>
      </section>
    );
  }

  const s = seat.data;
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m', locale) }) : '—');
  const mayApply = s.status === 'none' || s.status === 'rejected';
  const rows: DetailRow[] =
    s.status === 'none'
      ? []
      : [
          { label: t('funds.orderNo'), value: s.orderNo ?? '—', className: 'mono', testId: 'uc-seat-order' },
          { label: t('memberCentre.seat.appliedAt'), value: when(s.appliedAt), className: 'num' },
          ...(s.decidedAt
            ? [{ label: t('memberCentre.seat.decidedAt'), value: when(s.decidedAt), className: 'num' }]
            : []),
        ];

  return (
    <section className={`card seat-card seat-card--${s.status}`} data-testid="uc-seat" data-status={s.status}>
      <div className="seat-card__head">
        <Armchair className="seat-card__icon" aria-hidden="true" />
        <h2 className="seat-card__title">{t('memberCentre.seat.title')}</h2>
        {s.status === 'none' ? (
          <Tag color="default" fill="outline" className="status-pill" data-testid="uc-seat-status" data-status="none">
            {t('memberCentre.seat.notApplied')}
          </Tag>
        ) : (
          <StatusPill status={s.status} testId="uc-seat-status" />
        )}
      </div>
      <p className="seat-card__text" data-testid="uc-seat-text">
        {t(`memberCentre.seat.${s.status}`)}
      </p>
      {s.status === 'rejected' && s.remarks !== '' && (
        <p className="seat-card__reason" data-testid="uc-seat-reason">
          {t('memberCentre.verify.reason', { reason: s.remarks })}
        </p>
      )}
      {rows.length > 0 && <DetailList compact rows={rows} />}
      <FormError error={error} testId="uc-seat-error" />
      {mayApply &&
        (verification === 'pending' ? (
          <p className="seat-card__hint" data-testid="uc-seat-verify-pending">
            {t('memberCentre.seat.verifyPending')}
          </p>
        ) : verification === 'unverified' || verification === 'rejected' ? (
          <div className="seat-card__action">
            <p className="seat-card__hint">{t('memberCentre.seat.verifyFirst')}</p>
            <Button size="small" color="primary" onClick={() => push('/user/bandCard')} data-testid="uc-seat-verify">
              {t('memberCentre.verify.start')}
            </Button>
          </div>
        ) : (
          // Verified, or not known yet: the server checks the verification again either way.
          <div className="seat-card__action">
            <Button
              size="small"
              color="primary"
              onClick={() => {
                preloadNotice();
                setError(null);
                setSheet(true);
              }}
              data-testid="uc-seat-apply"
            >
              {t(s.status === 'rejected' ? 'memberCentre.seat.applyAgain' : 'memberCentre.seat.apply')}
            </Button>
          </div>
        ))}

      {sheet && (
        <ConfirmSheet
          open
          title={t('memberCentre.seat.sheet.title')}
          rows={[
            { label: t('fields.account'), value: account, className: 'num' },
            { label: t('memberCentre.seat.sheet.gives'), value: t('memberCentre.seat.sheet.givesValue') },
            { label: t('memberCentre.seat.sheet.review'), value: t('memberCentre.seat.sheet.reviewValue') },
            { label: t('memberCentre.seat.sheet.fee'), value: t('memberCentre.seat.sheet.feeValue') },
          ]}
          note={t('memberCentre.seat.sheet.note')}
          confirmLabel={t('memberCentre.seat.sheet.confirm')}
          busy={apply.isPending}
          onConfirm={() => !apply.isPending && apply.mutate()}
          onClose={() => setSheet(false)}
          testId="uc-seat-sheet"
        />
      )}
    </section>
  );
}
