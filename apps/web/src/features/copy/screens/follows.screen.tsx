import { Button, Tabs } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Follow, FollowStatus } from '../api/copy.api.ts';
import { useFollows } from '../api/copy.queries.ts';
import { useCopyFormat } from '../components/copy-format.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { minusWire } from '@kabuto/domain/money';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../copy.css';

const tabs: readonly FollowStatus[] = ['inProgress', 'ended'];

/** The member's follows (/follow/mine), SPEC §4: in progress and ended, newest first; a tap opens one. */
export function FollowsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const param = useAddressParam('tab');
  const tab: FollowStatus = param === 'ended' ? 'ended' : 'inProgress';
  return (
    <Page testId="copy-follows-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={(key) => replace(`/follow/mine?tab=${key}`)}>
            {tabs.map((key) => (
              <Tabs.Tab key={key} title={t(`copy.status.${key}`)} data-testid={`copy-tab-${key}`} />
            ))}
          </Tabs>
          <FollowList key={tab} status={tab} />
        </>
      )}
    </Page>
  );
}

// A follow's card height at 390 px (strategy, capital, result and status): the skeleton stands where the cards will.
const FOLLOW_ROW_HEIGHT = 120;

function FollowList({ status }: { status: FollowStatus }) {
  const { t } = useTranslation();
  const list = useFollows(status);
  if (list.isPending)
    return (
      <ListSkeleton rows={3} rowHeight={FOLLOW_ROW_HEIGHT} label={t('copy.loading')} testId="copy-follows-loading" />
    );
  if (list.isError)
    return (
      <LoadFailure
        titleKey="copy.loadFailedTitle"
        messageKey="copy.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="copy-follows-failed"
      />
    );
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <div className="centered-block" data-testid="copy-follows-empty">
        <StatusBlock kind="empty" title={t(`copy.follows.empty.${status}`)} description={t('copy.follows.emptyBody')} />
        <Button color="primary" onClick={() => push('/follow/list')} data-testid="copy-follows-to-list">
          {t('copy.follows.toStrategies')}
        </Button>
      </div>
    );
  return (
    <section data-testid="copy-follows" data-status={status}>
      {items.map((f) => (
        <FollowCard key={f.id} follow={f} />
      ))}
      {list.hasNextPage && (
        <Button
          block
          fill="none"
          color="primary"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('copy.follows.more')}
        </Button>
      )}
    </section>
  );
}

function FollowCard({ follow: f }: { follow: Follow }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const fmt = useCopyFormat();
  const result = f.status === 'ended' ? (f.profit ?? '0') : minusWire(f.equity, f.capital);
  return (
    <article className="copy-card" data-testid="copy-follow-card" data-follow-id={f.id} data-status={f.status}>
      <button
        type="button"
        className="copy-card__open"
        onClick={() => push(`/follow/follow?id=${encodeURIComponent(f.id)}`)}
        data-testid="copy-follow-open"
      >
        <div className="copy-card__head">
          <div>
            <div className="copy-card__name">{f.names[lang]}</div>
            <div className="copy-muted">{f.issuer}</div>
          </div>
          <ChevronRight className="copy-card__chevron" aria-hidden="true" />
        </div>
        <div className="copy-card__profit">
          <AmountText amount={result} signed testId="copy-follow-result" />
          <span className="copy-card__profit-label">
            {t(f.status === 'ended' ? 'copy.fields.profit' : 'copy.fields.unrealised')}
          </span>
        </div>
        <dl className="copy-figures">
          <div>
            <dt>{t('copy.fields.capital')}</dt>
            <dd className="num">{moneyText(f.capital)}</dd>
          </div>
          <div>
            <dt>{t(f.status === 'ended' ? 'copy.fields.returned' : 'copy.fields.equity')}</dt>
            <dd className="num" data-testid="copy-follow-value">
              {moneyText(f.status === 'ended' ? (f.returned ?? '0') : f.equity)}
            </dd>
          </div>
          <div>
            <dt>{t('copy.fields.startedAt')}</dt>
            <dd className="num">{fmt.time(f.startedAt)}</dd>
          </div>
          <div>
            <dt>{t(f.status === 'ended' ? 'copy.fields.endReason' : 'copy.fields.endsAt')}</dt>
            <dd className="num">
              {f.status === 'ended' ? t(`copy.endReason.${f.endReason ?? 'stopped'}`) : fmt.time(f.endsAt)}
            </dd>
          </div>
        </dl>
      </button>
    </article>
  );
}
