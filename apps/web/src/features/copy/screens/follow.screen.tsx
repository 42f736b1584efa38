import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { minusWire } from '@kabuto/domain/money';
import { stopFollow, type FollowDetail, type Mirror } from '../api/copy.api.ts';
import { useFollow, useRefreshCopy } from '../api/copy.queries.ts';
import { useCopyFormat } from '../components/copy-format.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../copy.css';

/**
 * One follow (/follow/follow?id=): its capital, value and stop-loss, stop following (confirmed in a sheet), and every
 * lead trade it copied — or did not ("not mirrored: below one unit") — with the lead's time, price and quantity beside
 * the follower's fill, so the member can audit the proportion and the price.
 */
export function FollowScreen() {
  const id = (useAddressParam('id') ?? '').trim();
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="copy-follow-screen">
        <SignInRequired />
      </Page>
    );
  return <FollowLoader key={id} id={id} />;
}

function FollowLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const one = useFollow(id);
  if (one.data) return <FollowBody follow={one.data} />;
  const missing =
    id === '' || (one.isError && one.error instanceof ApiError && one.error.messageKey === errorKeys.copy.notFollowing);
  return (
    <Page testId="copy-follow-screen">
      {missing ? (
        <div className="centered-block" data-testid="copy-follow-missing">
          <StatusBlock kind="empty" title={t('copy.follow.missingTitle')} description={t('copy.follow.missingBody')} />
          <Button color="primary" onClick={() => replace('/follow/mine')}>
            {t('copy.follow.toMine')}
          </Button>
        </div>
      ) : one.isError ? (
        <LoadFailure
          titleKey="copy.loadFailedTitle"
          messageKey="copy.loadFailedBody"
          onRetry={() => void one.refetch()}
          retrying={one.isFetching}
          testId="copy-follow-failed"
        />
      ) : (
        <div className="copy-loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      )}
    </Page>
  );
}

function FollowBody({ follow: f }: { follow: FollowDetail }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const fmt = useCopyFormat();
  const refresh = useRefreshCopy();
  const submission = useIdempotentSubmission();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inProgress = f.status === 'inProgress';
  const unrealised = minusWire(f.equity, f.capital);

  const stop = useMutation({
    mutationFn: () => stopFollow(f.id, submission.headersFor({ stop: f.id })),
    onSuccess: async () => {
      submission.settle();
      setConfirming(false);
      await showSuccessFirst(successKeys.followStopped);
      void refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setConfirming(false);
      setError(errorKeyOf(e));
      void refresh();
    },
  });

  const rows: DetailRow[] = [
    { label: t('copy.fields.issuer'), value: f.issuer },
    { label: t('copy.fields.capital'), value: moneyText(f.capital), className: 'num', testId: 'copy-follow-capital' },
    ...(inProgress
      ? [
          {
            label: t('copy.fields.equity'),
            value: moneyText(f.equity),
            className: 'num',
            testId: 'copy-follow-equity',
          },
          {
            label: t('copy.fields.unrealised'),
            value: <AmountText amount={unrealised} signed />,
            testId: 'copy-follow-pnl',
          },
          { label: t('copy.fields.free'), value: moneyText(f.free), className: 'num' },
          { label: t('copy.fields.openPositions'), value: String(f.openPositions), className: 'num' },
          { label: t('copy.fields.endsAt'), value: fmt.when(f.endsAt), className: 'num' },
        ]
      : [
          {
            label: t('copy.fields.endReason'),
            value: t(`copy.endReason.${f.endReason ?? 'stopped'}`),
            testId: 'copy-follow-end-reason',
          },
          {
            label: t('copy.fields.profit'),
            value: <AmountText amount={f.profit ?? '0'} signed />,
            testId: 'copy-follow-profit',
          },
          {
            label: t('copy.fields.feeTaken'),
            value: moneyText(f.fee ?? '0'),
            className: 'num',
            testId: 'copy-follow-fee',
          },
          {
            label: t('copy.fields.returned'),
            value: moneyText(f.returned ?? '0'),
            className: 'num',
            testId: 'copy-follow-returned',
          },
          { label: t('copy.fields.endedAt'), value: fmt.when(f.endedAt), className: 'num' },
        ]),
    { label: t('copy.fields.stopLoss'), value: fmt.stopLoss(f.stopLoss), className: 'num' },
    { label: t('copy.fields.fee'), value: fmt.fee(f.performanceFee), className: 'num' },
    { label: t('copy.fields.startedAt'), value: fmt.when(f.startedAt), className: 'num' },
  ];

  const footer = inProgress ? (
    <>
      <FormError error={error} testId="copy-error" />
      <Button
        block
        size="large"
        color="danger"
        fill="outline"
        onClick={() => {
          preloadNotice();
          setError(null);
          setConfirming(true);
        }}
        data-testid="copy-stop"
      >
        {t('copy.follow.stop')}
      </Button>
    </>
  ) : error !== null ? (
    <FormError error={error} testId="copy-error" />
  ) : undefined;

  return (
    <Page testId="copy-follow-screen" footer={footer}>
      <div data-testid="copy-follow" data-follow-id={f.id} data-status={f.status}>
        <header className="copy-head">
          <h1 className="copy-head__name">{f.names[lang]}</h1>
          <span className={inProgress ? 'copy-pill copy-pill--active' : 'copy-pill'} data-testid="copy-follow-status">
            {t(`copy.status.${f.status}`)}
          </span>
        </header>
        <section className="copy-section" aria-labelledby="copy-follow-summary">
          <h2 className="copy-section__title" id="copy-follow-summary">
            {t('copy.follow.summary')}
          </h2>
          <DetailList compact rows={rows} />
          <Button
            block
            fill="none"
            color="primary"
            onClick={() => push(`/follow/detail?id=${encodeURIComponent(f.strategyId)}`)}
          >
            {t('copy.follow.toStrategy')}
          </Button>
        </section>
        <section className="copy-section" aria-labelledby="copy-mirrors-title" data-testid="copy-mirrors">
          <h2 className="copy-section__title" id="copy-mirrors-title">
            {t('copy.follow.mirrors', { n: f.mirrors.length })}
          </h2>
          <p className="copy-hint">{t('copy.follow.mirrorsNote')}</p>
          {f.mirrors.length === 0 ? (
            <p className="copy-hint" data-testid="copy-mirrors-empty">
              {t('copy.follow.mirrorsEmpty')}
            </p>
          ) : (
            f.mirrors.map((m, i) => <MirrorRow key={`${m.lead.orderNo}-${m.event}-${String(i)}`} mirror={m} />)
          )}
        </section>
      </div>

      {confirming && (
        <ConfirmSheet
          open
          danger
          title={t('copy.follow.sheetTitle')}
          headline={moneyText(f.equity)}
          headlineLabel={t('copy.follow.sheetHeadline')}
          rows={[
            { label: t('copy.fields.strategy'), value: f.names[lang] },
            { label: t('copy.fields.capital'), value: moneyText(f.capital), className: 'num' },
            { label: t('copy.fields.openPositions'), value: String(f.openPositions), className: 'num' },
            { label: t('copy.fields.fee'), value: fmt.fee(f.performanceFee), className: 'num' },
          ]}
          note={t('copy.follow.sheetNote')}
          confirmLabel={t('copy.follow.confirmStop')}
          dismissLabel={t('copy.follow.keep')}
          busy={stop.isPending}
          onConfirm={() => !stop.isPending && stop.mutate()}
          onClose={() => setConfirming(false)}
          testId="copy-stop-sheet"
        />
      )}
    </Page>
  );
}

function MirrorRow({ mirror: m }: { mirror: Mirror }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const fmt = useCopyFormat();
  const side = (who: 'lead' | 'you', x: { quantity: string; price: string; at: string; orderNo: string }) => (
    <div className="copy-mirror__side" data-testid={`copy-mirror-${who}`}>
      <h3>{t(`copy.follow.${who}`)}</h3>
      <div className="num">{fmt.time(x.at)}</div>
      <div className="num" data-testid={`copy-mirror-${who}-price`}>
        {moneyText(x.price)}
      </div>
      <div className="num" data-testid={`copy-mirror-${who}-quantity`}>
        {fmt.shares(x.quantity)}
      </div>
      <div className="copy-muted num">{x.orderNo}</div>
    </div>
  );
  return (
    <article className="copy-mirror" data-testid="copy-mirror" data-outcome={m.outcome} data-event={m.event}>
      <div className="copy-mirror__head">
        <strong>
          {m.names[lang]} <span className="copy-muted num">{m.code}</span>
        </strong>
        <span className="copy-pill">{t(`copy.event.${m.event}${m.side === 'long' ? 'Long' : 'Short'}`)}</span>
      </div>
      <div className="copy-mirror__pair">
        {side('lead', m.lead)}
        {m.follower ? (
          side('you', m.follower)
        ) : (
          <div className="copy-mirror__side" data-testid="copy-mirror-you">
            <h3>{t('copy.follow.you')}</h3>
            <div data-testid="copy-mirror-outcome">{t(`copy.outcome.${m.outcome}`)}</div>
          </div>
        )}
      </div>
      <p className="copy-hint num" data-testid="copy-mirror-proportion">
        {t('copy.follow.proportion', { shares: m.proportional })}
      </p>
    </article>
  );
}
