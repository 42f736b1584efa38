import { Button, Skeleton } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Allotment } from '../api/ipo.api.ts';
import { useAllotments } from '../api/ipo.queries.ts';
import { useIpoFormat } from '../components/ipo-format.ts';
import { AllotmentPill } from '../components/ipo-pills.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../ipo.css';

/**
 * /user/pj, read as the member's allotment record (docs/architecture.md): every share allotted to the member — IPO
 * wins paid for and approved block trades — with its price, quantity, amount, the end of its lock and whether it can
 * be sold yet.
 */
export function AllotmentsScreen() {
  const session = useSession();
  return <Page testId="allotments-screen">{session.token === '' ? <SignInRequired /> : <AllotmentList />}</Page>;
}

function AllotmentList() {
  const { t } = useTranslation();
  const list = useAllotments();
  if (list.isPending)
    return (
      <div className="ipo-loading" aria-busy="true" data-testid="allotments-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={3} animated />
        ))}
      </div>
    );
  if (list.isError)
    return (
      <LoadFailure
        titleKey="ipo.loadFailedTitle"
        messageKey="ipo.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="allotments-failed"
      />
    );
  if (list.data.items.length === 0)
    return (
      <div className="centered-block" data-testid="allotments-empty">
        <StatusBlock kind="empty" title={t('ipo.allotments.emptyTitle')} description={t('ipo.allotments.emptyBody')} />
        <Button color="primary" onClick={() => push('/market/subscribe')} data-testid="allotments-to-offerings">
          {t('ipo.record.toOfferings')}
        </Button>
      </div>
    );
  return (
    <div className="ipo-records" data-testid="allotments">
      {list.data.items.map((a) => (
        <AllotmentRow key={a.positionOrderNo} allotment={a} />
      ))}
    </div>
  );
}

function AllotmentRow({ allotment: a }: { allotment: Allotment }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useIpoFormat();
  const figures = [
    {
      key: 'price',
      // A block trade's shares were bought at the product's price, not an offering price.
      label: a.source === 'block' ? t('ipo.allotments.blockPrice') : t('ipo.fields.price'),
      value: moneyText(a.price),
    },
    { key: 'shares', label: t('ipo.allotments.shares'), value: f.shares(a.shares) },
    { key: 'amount', label: t('ipo.fields.amountPaid'), value: moneyText(a.amount) },
  ];
  return (
    <article className="ipo-card" data-testid="allotment-row" data-status={a.status} data-code={a.code}>
      <button
        type="button"
        className="ipo-card__open"
        onClick={() => push(`/position/positionDetail?orderNo=${encodeURIComponent(a.positionOrderNo)}`)}
        data-testid="allotment-open"
      >
        <div className="ipo-card__head">
          <div className="ipo-card__name">
            <strong>{a.names[lang]}</strong> <span className="ipo-code num">{a.code}</span>
          </div>
          <ChevronRight className="ipo-card__chevron" aria-hidden="true" />
        </div>
        <div className="ipo-card__tags">
          <AllotmentPill status={a.status} />
          <span className="ipo-card__label">{t(`ipo.allotments.source.${a.source}`)}</span>
        </div>
        <dl className="ipo-figures ipo-figures--three">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num">{x.value}</dd>
            </div>
          ))}
        </dl>
        <p className="ipo-hint" data-testid="allotment-when">
          {a.listsAt === null
            ? t('ipo.allotments.allotted', { allotted: f.when(a.allottedAt) })
            : t('ipo.allotments.when', { allotted: f.when(a.allottedAt), lists: f.day(a.listsAt) })}
        </p>
        <p className="ipo-hint" data-testid="allotment-locked-until">
          <LockText allotment={a} />
        </p>
      </button>
    </article>
  );
}

/** Locked until when; for shares no longer locked, when the lock ended, or that none ever applied (a block trade). */
function LockText({ allotment: a }: { allotment: Allotment }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  if (a.lockedUntil === null) return <>{t('ipo.allotments.noLockUp')}</>;
  return (
    <>
      {t(a.status === 'locked' ? 'ipo.allotments.lockedUntil' : 'ipo.allotments.lockEnded', {
        until: f.when(a.lockedUntil),
      })}
    </>
  );
}
