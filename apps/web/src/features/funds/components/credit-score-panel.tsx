import { Collapse, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CreditScore } from '../api/funds.api.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

const signed = (n: number) => (n > 0 ? `+${String(n)}` : String(n));

/** The credit score against the withdrawal threshold, with the published rules and every change (DESIGN "Integrity"). */
export function CreditScorePanel({
  score,
  threshold,
  detail,
}: {
  score: number;
  threshold: number;
  detail: CreditScore | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const enough = score >= threshold;
  return (
    <div className="credit-score" data-testid="wd-score" data-score={score} data-threshold={threshold}>
      <div className="credit-score__row">
        <span>{t('withdraw.creditScore')}</span>
        <strong className={enough ? 'credit-score__value' : 'credit-score__value credit-score__value--low'}>
          {score} <span className="credit-score__of">/ {t('withdraw.threshold', { threshold })}</span>
        </strong>
      </div>
      <ProgressBar
        percent={Math.max(0, Math.min(100, score))}
        className={enough ? 'credit-score__bar' : 'credit-score__bar credit-score__bar--low'}
      />
      <div className="credit-score__verdict">
        {t(enough ? 'withdraw.scoreEnough' : 'withdraw.scoreLow', { threshold })}
      </div>
      {detail && (
        <Collapse className="credit-score__more">
          <Collapse.Panel key="how" title={t('withdraw.scoreHow')} data-testid="wd-score-how">
            <p className="credit-score__text">{t('withdraw.scoreBase', { base: detail.base })}</p>
            <table className="mini-table">
              <tbody>
                {detail.rules.map((r) => (
                  <tr key={r.rule}>
                    <td>{t(`creditRules.${r.rule}`, { defaultValue: r.rule })}</td>
                    <td className={`num ${r.delta >= 0 ? 'amount--rise' : 'amount--fall'}`}>{signed(r.delta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="credit-score__subtitle">{t('withdraw.scoreHistory')}</h3>
            {detail.history.length === 0 ? (
              <p className="credit-score__text">{t('withdraw.scoreNoHistory')}</p>
            ) : (
              <table className="mini-table" data-testid="wd-score-history">
                <tbody>
                  {detail.history.map((h, i) => (
                    <tr key={`${h.at}-${String(i)}`}>
                      <td className="num">{jstText(h.at, 'Y-M-D h:m', locale)}</td>
                      <td>{t(`creditRules.${h.rule}`, { defaultValue: h.rule })}</td>
                      <td className={`num ${h.delta >= 0 ? 'amount--rise' : 'amount--fall'}`}>{signed(h.delta)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Collapse.Panel>
        </Collapse>
      )}
    </div>
  );
}
