import { useLayoutEffect } from 'react';
import { Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import { useFlash, useLiveQuote } from './use-live-quote.ts';
import { compactAmount } from './compact-amount.ts';
import { directionArrow, directionOf, percentText, priceText } from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import '../market-lists.css';

interface QuoteRowProps {
  quote: QuoteWire;
  /** After a gap in the stream: refetch the list the row came from. */
  onResync: () => void;
  /** A ranking's place, shown in front of the name. */
  rank?: number;
  /** Turnover in the row (turnover ranking and sort) instead of the day's volume-free layout. */
  showTurnover?: boolean;
  /** Told the row's live figures as they change, so a ranked list can re-rank them. */
  onLive?: (live: QuoteWire) => void;
}

/** The stock detail address a row leads to (built by the detail screen's owner). */
export const detailPath = (symbol: string): string => `/market/marketDetail?symbol=${encodeURIComponent(symbol)}`;

/**
 * One stock in a list (UX "Market list"): code, name in the member's language, latest price, change % with sign and
 * arrow, coloured by direction, flashing when it ticks; kept live over its `quotes:<symbol>` topic.
 */
export function QuoteRow({ quote, onResync, rank, showTurnover = false, onLive }: QuoteRowProps) {
  const { t } = useTranslation();
  const lang = useLocale();
  const live = useLiveQuote(quote, onResync);
  // In the same commit as the figures drawn, so a re-rank never reads a figure the row does not show yet.
  useLayoutEffect(() => onLive?.(live), [live, onLive]);
  const flashing = useFlash(live.last);
  const direction = directionOf(live.change);
  return (
    <button
      type="button"
      className="quote-row"
      onClick={() => push(detailPath(live.symbol))}
      data-testid="quote-row"
      data-symbol={live.symbol}
      data-status={live.status}
    >
      {rank !== undefined && (
        <span className="quote-row__rank num" aria-hidden="true">
          {rank}
        </span>
      )}
      <span className="quote-row__who">
        <span className="quote-row__name">{live.names[lang]}</span>
        <span className="quote-row__meta">
          <span className="quote-row__code num">{live.symbol}</span>
          {live.status !== 'listed' && (
            <Tag
              color={live.status === 'halted' ? 'warning' : 'default'}
              fill="outline"
              className="quote-row__status"
              data-testid="quote-status"
            >
              {t(`quote.${live.status}`)}
            </Tag>
          )}
          {showTurnover && (
            <span className="quote-row__turnover num">
              {t('quote.turnoverShort')} {compactAmount(live.turnover, lang)}
            </span>
          )}
        </span>
      </span>
      <span
        className={`quote-row__price num price--${direction}${flashing ? ` quote-row__price--flash-${direction}` : ''}`}
        data-testid="quote-last"
      >
        {priceText(live.last)}
      </span>
      <span className={`quote-row__change num quote-row__change--${direction}`} data-testid="quote-change">
        <span aria-hidden="true">{directionArrow[direction]}</span>
        <span className="visually-hidden">{t(`quote.direction.${direction}`)}</span>
        {percentText(live.changePercent)}
      </span>
    </button>
  );
}

/** A row's shape while the list loads (UX: skeleton rows). */
export function QuoteRowSkeleton() {
  return (
    <div className="quote-row quote-row--skeleton" aria-hidden="true">
      <span className="quote-row__who">
        <Skeleton animated className="quote-row__skel quote-row__skel--name" />
        <Skeleton animated className="quote-row__skel quote-row__skel--code" />
      </span>
      <Skeleton animated className="quote-row__skel quote-row__skel--price" />
      <Skeleton animated className="quote-row__skel quote-row__skel--change" />
    </div>
  );
}
