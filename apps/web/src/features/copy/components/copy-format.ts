import { useTranslation } from 'react-i18next';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import type { Follow } from '../api/copy.api.ts';

/** A fraction as a percent for people ("0.1" → "10"), without floating point: the fee has at most four decimals. */
export function fractionPercent(fraction: string): string {
  const [whole = '0', part = ''] = fraction.split('.');
  const digits = `${whole}${part.padEnd(2, '0')}`;
  const int = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

/** UX: times in JST with the zone, shares grouped by thousands, the fee as a percent of profit. */
export function useCopyFormat() {
  const { t } = useTranslation();
  const lang = useLocale();
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m', lang) }) : '—');
  return {
    when,
    time: (iso: string) => jstText(iso, 'M/D h:m', lang),
    shares: (shares: string) =>
      t('copy.sharesText', { shares: /^\d+$/.test(shares) ? groupThousands(shares) : shares }),
    fee: (fraction: string) => t('copy.feeText', { percent: fractionPercent(fraction) }),
    term: (days: number) => t('copy.daysText', { days }),
    stopLoss: (s: Follow['stopLoss']) =>
      s === null
        ? t('copy.stopLoss.none')
        : 'yen' in s
          ? t('copy.stopLoss.yenText', { amount: moneyText(s.yen) })
          : t('copy.stopLoss.percentText', { percent: s.percent }),
  };
}
