import { Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { IndexValueWire } from '@kabuto/contracts/market/fields';
import { useLiveIndices } from '../api/indices.api.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import {
  changeText,
  directionArrow,
  directionOf,
  percentText,
  priceText,
} from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../indices.css';

/** Index list (/gdindex/gdindex): the indices computed from the simulated constituents, live (SPEC §2). */
export function IndexListScreen() {
  const { t } = useTranslation();
  const indices = useLiveIndices();

  return (
    <Page testId="index-list-screen">
      <p className="market-banner" data-testid="index-source">
        {t('indices.simulatedBanner')}
      </p>
      {indices.isPending ? (
        <div className="news__loading" aria-busy="true">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : indices.isError ? (
        <LoadFailure
          titleKey="indices.loadFailedTitle"
          messageKey="indices.loadFailedBody"
          onRetry={() => void indices.refetch()}
          testId="index-failed"
        />
      ) : indices.data.length === 0 ? (
        <StatusBlock kind="empty" title={t('indices.emptyTitle')} description={t('indices.emptyBody')} />
      ) : (
        <div className="index-cards">
          {indices.data.map((index) => (
            <IndexCard key={index.code} index={index} />
          ))}
        </div>
      )}
    </Page>
  );
}

function IndexCard({ index }: { index: IndexValueWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const direction = directionOf(index.change);
  return (
    <button
      type="button"
      className="index-card"
      onClick={() => push(`/gdindex/gdList?code=${encodeURIComponent(index.code)}`)}
      data-testid="index-card"
      data-code={index.code}
    >
      <span className="index-card__head">
        <span className="index-card__name">{index.names[lang]}</span>
        <Tag fill="outline" color="default">
          {t(index.method === 'price-weighted' ? 'indices.priceWeighted' : 'indices.capWeighted')}
        </Tag>
      </span>
      <span className={`index-card__value num price--${direction}`} data-testid="index-value">
        {priceText(index.value)}
      </span>
      <span className={`index-card__change num price--${direction}`} data-testid="index-change">
        {directionArrow[direction]} {changeText(index.change)} ({percentText(index.changePercent)})
      </span>
      <span className="index-card__meta">
        {t('indices.constituents', { count: index.constituents })} · {t('indices.simulated')}
      </span>
    </button>
  );
}
