import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PreOpenBook } from '../api/trade.api.ts';
import { useOrderWindow, usePreOpen } from '../api/trade.queries.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import {
  directionArrow,
  directionOf,
  groupThousands,
  percentText,
  priceText,
  signedText,
} from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../trade.css';

type Mode = 'preMarket' | 'afterHours';
type Item = PreOpenBook['items'][number];

/**
 * Issue 26 "Pre-market and after-hours" (home shortcuts; SPEC §2 gives only the names, so the routes
 * /market/preMarket and /market/afterHours are ours): when orders are taken outside the session and for which
 * session, and the book before the open — per stock the limits of that session, the members' queued orders by side
 * and the indicative opening price (itayose over the queued orders and the quoted depth). Under `demo` the screens
 * say the demo market is always open.
 */
export function PreMarketScreen() {
  return <SessionWindowScreen mode="preMarket" />;
}

export function AfterHoursScreen() {
  return <SessionWindowScreen mode="afterHours" />;
}

function SessionWindowScreen({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const session = useSession();
  const lang = useLocale();
  const now = useOrderWindow();
  return (
    <Page testId={`session-window-${mode}`}>
      <section className="trade-card session-window__state" aria-live="polite" data-testid="session-window-state">
        {now === undefined ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : now.profile === 'demo' ? (
          <p data-testid="session-window-demo">{t('trade.sessionWindow.demo')}</p>
        ) : (
          <p data-testid={`session-window-now-${now.window.kind}`}>
            {t(`trade.sessionWindow.now.${now.window.kind}`, {
              session: jstText(now.window.opensAt, 'Y-M-D (E) h:m', lang),
            })}
          </p>
        )}
      </section>
      <section className="trade-card" data-testid="session-window-rules">
        <h2 className="trade-card__title">{t('trade.sessionWindow.rulesTitle')}</h2>
        <ul className="session-window__rules">
          {(['one', 'two', 'three'] as const).map((n) => (
            <li key={n}>{t(`trade.sessionWindow.rules.${mode}.${n}`)}</li>
          ))}
        </ul>
      </section>
      {session.token === '' ? <SignInRequired /> : <Book mode={mode} />}
    </Page>
  );
}

function Book({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const book = usePreOpen();
  if (book.isError)
    return (
      <LoadFailure
        titleKey="trade.loadFailedTitle"
        messageKey="trade.loadFailedBody"
        onRetry={() => void book.refetch()}
        retrying={book.isFetching}
        testId="session-window-failed"
      />
    );
  if (!book.data)
    return (
      <div className="positions__loading" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (book.data.items.length === 0)
    return <StatusBlock kind="empty" title={t('trade.sessionWindow.empty')} description="" />;
  return (
    <section className="trade-card" data-testid="session-window-book">
      <div className="session-window__head">
        <h2 className="trade-card__title">
          {t(mode === 'preMarket' ? 'trade.sessionWindow.bookTitle' : 'trade.sessionWindow.closeTitle')}
        </h2>
        <Button size="mini" fill="outline" onClick={() => void book.refetch()} loading={book.isFetching}>
          {t('trade.sessionWindow.refresh')}
        </Button>
      </div>
      <p className="trade-hint">{t('trade.sessionWindow.bookHint')}</p>
      <ul className="session-window__list">
        {book.data.items.map((item) => (
          <BookRow
            key={item.symbol}
            item={item}
            mode={mode}
            lang={lang}
            closed={book.data.window.kind === 'afterHours'}
          />
        ))}
      </ul>
    </section>
  );
}

function BookRow({
  item,
  mode,
  lang,
  closed,
}: {
  item: Item;
  mode: Mode;
  lang: ReturnType<typeof useLocale>;
  /** After hours the last price is the day's close. */
  closed: boolean;
}) {
  const { t } = useTranslation();
  const direction = directionOf(item.change);
  return (
    <li className="session-window__item" data-testid={`session-window-item-${item.symbol}`}>
      <button
        type="button"
        className="session-window__row"
        onClick={() => push(`/market/marketBuy?symbol=${item.symbol}&side=long`)}
      >
        <span className="session-window__name">
          {item.names[lang]} <span className="position-card__code num">{item.symbol}</span>
        </span>
        <span className={`num price--${direction}`}>
          {priceText(item.last)} {directionArrow[direction]} {signedText(priceText(item.change))} (
          {percentText(item.changePercent)})
        </span>
      </button>
      <dl className="session-window__figures num">
        <dt>
          {t(
            mode === 'preMarket'
              ? 'trade.sessionWindow.indicative'
              : closed
                ? 'trade.sessionWindow.close'
                : 'trade.sessionWindow.last',
          )}
        </dt>
        <dd data-testid={`session-window-indicative-${item.symbol}`}>
          {mode === 'preMarket'
            ? item.indicative === null
              ? t('trade.sessionWindow.noCross')
              : t('trade.sessionWindow.indicativeValue', {
                  price: priceText(item.indicative),
                  shares: groupThousands(item.indicativeShares),
                })
            : priceText(item.last)}
        </dd>
        <dt>{t('trade.sessionWindow.limits')}</dt>
        <dd>
          {priceText(item.limitDown)} – {priceText(item.limitUp)}
        </dd>
        <dt>{t('trade.sessionWindow.queued')}</dt>
        <dd>
          {t('trade.sessionWindow.queuedValue', {
            buy: groupThousands(item.queuedBuy),
            sell: groupThousands(item.queuedSell),
          })}
        </dd>
      </dl>
    </li>
  );
}
