import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { windowSchema } from '@kabuto/contracts/funds/deposits';
import { jstText, useLocale } from '../format/jst.ts';
import './money-window.css';

export type MoneyWindow = z.infer<typeof windowSchema>;

/** The deposit or withdrawal window in force, and whether it is open now (UX "Forms that move money"). */
export function MoneyWindowText({ window, testId }: { window: MoneyWindow; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="money-window" data-testid={testId} data-open={window.open}>
      <div className="money-window__rule">{t(window.rule === 'tse' ? 'window.tse' : 'window.always')}</div>
      {window.open ? (
        <Tag color="success" fill="outline">
          {t('window.openNow')}
        </Tag>
      ) : (
        <Tag color="warning" fill="outline">
          {window.opensAt
            ? t('window.opensAt', { time: jstText(window.opensAt, 'M/D (E) h:m', locale) })
            : t('window.closed')}
        </Tag>
      )}
    </div>
  );
}
