import { Button, PullToRefresh, Skeleton } from 'antd-mobile';
import {
  Banknote,
  Bell,
  BellRing,
  CandlestickChart,
  Copy,
  HandCoins,
  IdCard,
  MessageCircle,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markAllRead, markRead, useNotices, type NoticeWire } from '../api/notices.api.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { priceText } from '../../../shared/format/price-change.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../notices.css';

const topicIcon: Record<NoticeWire['topic'], LucideIcon> = {
  deposit: Banknote,
  withdrawal: Banknote,
  realName: IdCard,
  seat: IdCard,
  block: CandlestickChart,
  loan: HandCoins,
  daytrade: CandlestickChart,
  trade: CandlestickChart,
  ipo: Ticket,
  copy: Copy,
  support: MessageCircle,
  alert: BellRing,
};

/** Every refetch the list and the bell need: both are `user/notices/…` queries. */
const noticeQueries = (key: unknown) => typeof key === 'string' && key.startsWith('user/notices/');

/**
 * Notices (/user/notices, issue 27): every outcome the member waits for, newest first, unread ones marked; a tap marks
 * it read and opens its screen. Texts are catalogue keys said in the member's language now, not when written.
 */
export function NoticesScreen() {
  const session = useSession();
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useNotices();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const refresh = () => client.invalidateQueries({ predicate: (q) => noticeQueries(q.queryKey[0]) });
  return (
    <Page
      testId="notices-screen"
      right={
        session.token !== '' && unread > 0 ? (
          <button
            type="button"
            className="notices__all-read"
            onClick={() => void markAllRead().then(refresh)}
            data-testid="notices-all-read"
          >
            {t('notices.markAllRead')}
          </button>
        ) : undefined
      }
    >
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <PullToRefresh
          onRefresh={refresh}
          pullingText={t('common.pullToRefresh')}
          canReleaseText={t('common.releaseToRefresh')}
          refreshingText={t('common.refreshing')}
          completeText={t('common.refreshed')}
        >
          <NoticeList list={list} onOpened={refresh} />
        </PullToRefresh>
      )}
    </Page>
  );
}

function NoticeList({ list, onOpened }: { list: ReturnType<typeof useNotices>; onOpened: () => Promise<void> }) {
  const { t } = useTranslation();
  if (list.isPending)
    return (
      <div className="notices__loading" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={2} animated />
        ))}
      </div>
    );
  if (list.isError || !list.data)
    return (
      <LoadFailure
        titleKey="notices.loadFailedTitle"
        messageKey="notices.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="notices-failed"
      />
    );
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <div className="centered-block" data-testid="notices-empty">
        <StatusBlock kind="empty" title={t('notices.emptyTitle')} description={t('notices.emptyBody')} />
        <Button color="primary" onClick={() => push('/user/alerts')}>
          {t('notices.toAlerts')}
        </Button>
      </div>
    );
  return (
    <ul className="notices" data-testid="notices-list">
      {items.map((n) => (
        <NoticeRow key={n.id} notice={n} onOpened={onOpened} />
      ))}
      {list.hasNextPage && (
        <li>
          <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('notices.more')}
          </Button>
        </li>
      )}
    </ul>
  );
}

/** Prices in a notice (an alert's, a margin warning's) are shown as every price is (thousands grouped, the tick's decimals). */
const paramsShown = (n: NoticeWire): Record<string, string> => ({
  ...n.params,
  ...(n.params.last ? { last: priceText(n.params.last) } : {}),
  ...(n.params.price ? { price: priceText(n.params.price) } : {}),
  ...(n.params.callPrice ? { callPrice: priceText(n.params.callPrice) } : {}),
});

function NoticeRow({ notice: n, onOpened }: { notice: NoticeWire; onOpened: () => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const Icon = topicIcon[n.topic] ?? Bell;
  const open = async () => {
    if (!n.read) await markRead(n.id).then(onOpened, () => undefined);
    if (n.link) push(n.link);
  };
  return (
    <li>
      <button
        type="button"
        className={`notice-row${n.read ? '' : ' notice-row--unread'}`}
        onClick={() => void open()}
        data-testid="notice-row"
        data-key={n.key}
        data-read={n.read}
      >
        <Icon className="notice-row__icon" aria-hidden="true" />
        <span className="notice-row__body">
          <span className="notice-row__title">
            {!n.read && <span className="notice-row__dot" aria-hidden="true" />}
            {!n.read && <span className="visually-hidden">{t('notices.unread')}</span>}
            {t(`notices.topic.${n.topic}`)}
          </span>
          <span className="notice-row__text" data-testid="notice-text">
            {t(n.key, { reason: '—', target: '', orderNo: '', symbol: '', ...paramsShown(n) })}
          </span>
          <time className="notice-row__time num" dateTime={n.createdAt}>
            {t('notices.jst', { time: jstText(n.createdAt, 'Y-M-D h:m', lang) })}
          </time>
        </span>
      </button>
    </li>
  );
}
