import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorKeys } from '@kabuto/contracts/errors';
import type { BlockApplication } from '../api/block.api.ts';
import { useBlockApplication } from '../api/block.queries.ts';
import { useBlockFormat } from '../components/block-format.ts';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../block.css';

/**
 * One application (/common/dividend4?id=): every SPEC §3 field — product, code, price, application amount, shares,
 * turnover, minimum purchase, status — with staff's remarks, the lock-up, the position it became and its times.
 */
export function BlockApplicationScreen() {
  const id = (useAddressParam('id') ?? '').trim();
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="block-application-screen">
        <SignInRequired />
      </Page>
    );
  return <ApplicationLoader key={id} id={id} />;
}

function ApplicationLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useBlockApplication(id);
  const missing =
    id === '' ||
    (detail.isError && detail.error instanceof ApiError && detail.error.messageKey === errorKeys.order.notExist);
  return (
    <Page testId="block-application-screen">
      {detail.data ? (
        <ApplicationBody application={detail.data} />
      ) : missing ? (
        <div className="centered-block" data-testid="block-application-missing">
          <StatusBlock
            kind="empty"
            title={t('block.application.missingTitle')}
            description={t('block.application.missingBody')}
          />
          <Button color="primary" onClick={() => replace('/common/dividend3')}>
            {t('block.application.toApplications')}
          </Button>
        </div>
      ) : detail.isError ? (
        <LoadFailure
          titleKey="block.loadFailedTitle"
          messageKey="block.loadFailedBody"
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          testId="block-application-failed"
        />
      ) : (
        <div className="block-loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      )}
    </Page>
  );
}

function ApplicationBody({ application: a }: { application: BlockApplication }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useBlockFormat();
  const positionPath =
    a.positionOrderNo === null ? null : `/position/positionDetail?orderNo=${encodeURIComponent(a.positionOrderNo)}`;
  const rows: DetailRow[] = [
    { label: t('block.fields.stock'), value: a.names[lang], testId: 'block-app-name' },
    { label: t('block.fields.code'), value: a.code, className: 'num', testId: 'block-app-code' },
    { label: t('block.fields.price'), value: moneyText(a.price), className: 'num', testId: 'block-app-price' },
    {
      label: t('block.fields.applicationAmount'),
      value: moneyText(a.amount),
      className: 'num',
      testId: 'block-app-amount',
      rowClassName: 'detail-list__strong',
    },
    { label: t('block.fields.sharesBought'), value: f.shares(a.shares), className: 'num', testId: 'block-app-shares' },
    { label: t('block.fields.turnover'), value: moneyText(a.turnover), className: 'num', testId: 'block-app-turnover' },
    { label: t('block.fields.minAmount'), value: moneyText(a.minAmount), className: 'num', testId: 'block-app-min' },
    {
      label: t('block.fields.status'),
      value: <StatusPill status={a.status} testId="block-app-status" />,
    },
    { label: t('block.fields.remarks'), value: a.remarks === '' ? '—' : a.remarks, testId: 'block-app-remarks' },
    { label: t('block.fields.lockUp'), value: f.lockUp(a.lockUpUntil), className: 'num', testId: 'block-app-lock-up' },
    ...(a.status === 'approved'
      ? [
          {
            label: t('block.fields.positionOrderNo'),
            value: a.positionOrderNo ?? '—',
            className: 'num',
            testId: 'block-app-position',
          },
        ]
      : []),
    { label: t('block.fields.orderNo'), value: a.orderNo, className: 'num', testId: 'block-app-order-no' },
    { label: t('block.fields.appliedAt'), value: f.when(a.createdAt), className: 'num', testId: 'block-app-applied' },
    { label: t('block.fields.decidedAt'), value: f.when(a.decidedAt), className: 'num', testId: 'block-app-decided' },
  ];
  return (
    <div data-testid="block-application" data-status={a.status} data-id={a.id}>
      <header className="block-head">
        <h1 className="block-head__name">
          {a.names[lang]} <span className="block-code num">{a.code}</span>
        </h1>
        <div className="block-card__tags">
          <StatusPill status={a.status} testId="block-status" />
        </div>
        <p className="block-hint" data-testid="block-app-next">
          {t(`block.application.next.${a.status}`)}
        </p>
      </header>
      <section className="block-section" aria-labelledby="block-app-title">
        <h2 className="block-section__title" id="block-app-title">
          {t('block.application.title')}
        </h2>
        <DetailList compact rows={rows} />
        {a.status === 'approved' && positionPath !== null && (
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => push(positionPath)}
            data-testid="block-to-position"
          >
            {t('block.application.toPosition')}
          </Button>
        )}
        <Button
          block
          fill="none"
          color="primary"
          onClick={() => push('/common/dividend3')}
          data-testid="block-app-applications"
        >
          {t('block.application.toApplications')}
        </Button>
      </section>
    </div>
  );
}
