import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMarketStatus, marketKeys } from '../api/market.api.ts';
import type { MarketStatus } from '../api/market.api.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

/** The banner's sentence for a status: the demo profile, or the TSE session open / closed with its next opening. */
export function bannerKey(
  status: Pick<MarketStatus, 'profile' | 'open' | 'phase' | 'nextOpen'>,
): 'demo' | 'tseOpen' | 'tseLunch' | 'tseClosed' | 'tseClosedNoDate' {
  if (status.profile === 'demo') return 'demo';
  if (status.open) return 'tseOpen';
  if (status.nextOpen === null) return 'tseClosedNoDate';
  return status.phase === 'lunch' ? 'tseLunch' : 'tseClosed';
}

/** UX "Shell": says the prices are simulated and whether the market is open ("TSE closed — opens 09:00 JST"). */
export function MarketBanner() {
  const { t } = useTranslation();
  const lang = useLocale();
  // The session changes on the minute at most: a status older than 30 s is fetched again when a screen shows it.
  const status = useQuery({
    queryKey: marketKeys.status,
    queryFn: ({ signal }) => fetchMarketStatus(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  if (!status.data) return null;
  const key = bannerKey(status.data);
  const source = t(`quote.source.${status.data.source}`);
  const nextOpen = jstText(status.data.nextOpen, 'M/D(E) h:m', lang);
  return (
    <p
      className={`market-banner market-banner--${key}`}
      data-testid="market-banner"
      data-profile={status.data.profile}
      data-open={String(status.data.open)}
    >
      {t(`quote.banner.${key}`, { source, nextOpen })}
    </p>
  );
}
