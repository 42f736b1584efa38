import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Strategy } from '../api/copy.api.ts';
import { useCopyFormat } from './copy-format.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';

/** SPEC §3 "follow order" on a card: issuer, fund size, profit, holding time, minimum investment, and the fee. */
export function StrategyCard({ strategy: s, onOpen }: { strategy: Strategy; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useCopyFormat();
  const figures = [
    { key: 'fund', label: t('copy.fields.fundSize'), value: moneyText(s.fundSize), testId: 'copy-card-fund' },
    { key: 'followers', label: t('copy.fields.followers'), value: String(s.followers), testId: 'copy-card-followers' },
    { key: 'term', label: t('copy.fields.term'), value: f.term(s.termDays), testId: 'copy-card-term' },
    { key: 'min', label: t('copy.fields.minInvestment'), value: moneyText(s.minInvestment), testId: 'copy-card-min' },
    { key: 'fee', label: t('copy.fields.fee'), value: f.fee(s.performanceFee), testId: 'copy-card-fee' },
    {
      key: 'deadline',
      label: t('copy.fields.deadline'),
      value: f.when(s.followDeadline),
      testId: 'copy-card-deadline',
    },
  ];
  return (
    <article className="copy-card" data-testid="copy-card" data-strategy-id={s.id} data-status={s.status}>
      <button type="button" className="copy-card__open" onClick={onOpen} data-testid="copy-card-open">
        <div className="copy-card__head">
          <div>
            <div className="copy-card__name">{s.names[lang]}</div>
            <div className="copy-muted" data-testid="copy-card-issuer">
              {t('copy.fields.issuer')}: {s.issuer}
            </div>
          </div>
          <ChevronRight className="copy-card__chevron" aria-hidden="true" />
        </div>
        <div className="copy-card__profit">
          <AmountText amount={s.profit} signed testId="copy-card-profit" />
          <span className="copy-card__profit-label num">
            {t('copy.profitPercent', { percent: s.profitPercent })} · {t('copy.tradesCount', { n: s.trades })}
          </span>
        </div>
        <p className="copy-hint">{t('copy.fields.profitNote')}</p>
        {s.status === 'closed' && <span className="copy-pill">{t('copy.strategyClosed')}</span>}
        <dl className="copy-figures">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num" data-testid={x.testId}>
                {x.value}
              </dd>
            </div>
          ))}
        </dl>
      </button>
    </article>
  );
}
