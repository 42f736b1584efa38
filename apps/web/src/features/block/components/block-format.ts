import { useTranslation } from 'react-i18next';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

export interface BlockFormat {
  /** An instant in JST with the zone ("2026-12-01 09:00 JST"); a dash when there is none. */
  when: (iso: string | null) => string;
  /** A window, the zone said once ("11/27 09:00 – 11/28 15:00 JST"). */
  range: (from: string, to: string) => string;
  /** "1,000 shares". */
  shares: (shares: string) => string;
  /** The lock-up: "None", or "Until 2027-03-01 15:00 JST". */
  lockUp: (until: string | null) => string;
  /** The lock-up on a card: "None", or its last day in JST ("Until 2027-03-01"). */
  lockUpDay: (until: string | null) => string;
}

/** UX: times in JST with the zone shown where it matters (windows, deadlines); shares grouped by thousands. */
export function useBlockFormat(): BlockFormat {
  const { t } = useTranslation();
  const lang = useLocale();
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m', lang) }) : '—');
  return {
    when,
    range: (from, to) =>
      t('common.jst', {
        time: t('block.windowText', { from: jstText(from, 'M/D h:m', lang), to: jstText(to, 'M/D h:m', lang) }),
      }),
    shares: (shares) => t('block.sharesText', { shares: /^\d+$/.test(shares) ? groupThousands(shares) : shares }),
    lockUp: (until) => (until === null ? t('block.lockUpNone') : t('block.lockUpUntil', { time: when(until) })),
    lockUpDay: (until) =>
      until === null ? t('block.lockUpNone') : t('block.lockUpUntil', { time: jstText(until, 'Y-M-D', lang) }),
  };
}
