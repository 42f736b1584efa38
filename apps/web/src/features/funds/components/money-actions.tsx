import { useTranslation } from 'react-i18next';
import { Download, RefreshCw, Upload } from 'lucide-react';
import { push } from '../../../shared/navigation/navigation.ts';

const actions = [
  { key: 'deposit', path: '/user/recharge', Icon: Download },
  { key: 'withdraw', path: '/user/withdraw', Icon: Upload },
  { key: 'exchange', path: '/user/exchange', Icon: RefreshCw },
] as const;

/** The three big money buttons of the member centre (SPEC §2: recharge, withdraw, exchange). */
export function MoneyActions() {
  const { t } = useTranslation();
  return (
    <nav className="money-actions" aria-label={t('memberCentre.actions')}>
      {actions.map(({ key, path, Icon }) => (
        <button
          key={key}
          type="button"
          className="money-actions__button"
          onClick={() => push(path)}
          data-testid={`uc-${key}`}
        >
          <span className="money-actions__icon" aria-hidden="true">
            <Icon />
          </span>
          <span>{t(`memberCentre.${key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
