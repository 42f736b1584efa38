import { useTranslation } from 'react-i18next';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

export interface IpoFormat {
  /** An instant in JST with the zone ("2026-12-01 09:00 JST"); a dash when there is none. */
  when: (iso: string | null) => string;
  /** A short instant for cards, month and day only ("12/1 09:00"), without the zone: the line that shows it says it. */
  short: (iso: string) => string;
  /** A window on a card, the zone said once ("11/27 09:00 – 11/28 15:00 JST"). */
  range: (from: string, to: string) => string;
  /** A calendar day in JST ("2026-12-15 (Tue)"), for the listing date; a dash when there is none. */
  day: (iso: string | null) => string;
  /** "1,000 shares". */
  shares: (shares: string) => string;
}

/** UX: times in JST with the zone shown where it matters (windows, deadlines); shares grouped by thousands. */
export function useIpoFormat(): IpoFormat {
  const { t } = useTranslation();
  const lang = useLocale();
  return {
    when: (iso) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m', lang) }) : '—'),
    short: (iso) => jstText(iso, 'M/D h:m', lang),
    range: (from, to) =>
      t('common.jst', {
        time: t('ipo.windowText', { from: jstText(from, 'M/D h:m', lang), to: jstText(to, 'M/D h:m', lang) }),
      }),
    day: (iso) => (iso ? jstText(iso, 'Y-M-D (E)', lang) : '—'),
    shares: (shares) => t('ipo.sharesText', { shares: /^\d+$/.test(shares) ? groupThousands(shares) : shares }),
  };
}
