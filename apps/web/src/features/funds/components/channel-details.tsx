import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '../api/funds.api.ts';
import { CopyButton } from './copy-button.tsx';
import '../../../shared/components/detail-list.css';

/** Where to transfer: a firm-named segregated bank account (bank, branch, type, number, holder). */
export function ChannelDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  return (
    <dl className="detail-list detail-list--compact">
      <div>
        <dt>{t('deposit.bank')}</dt>
        <dd>{channel.bankName}</dd>
      </div>
      <div>
        <dt>{t('deposit.branch')}</dt>
        <dd>{channel.branchName}</dd>
      </div>
      <div>
        <dt>{t('deposit.accountType')}</dt>
        <dd>{t(`deposit.accountTypes.${channel.accountType}`, { defaultValue: channel.accountType })}</dd>
      </div>
      <div>
        <dt>{t('deposit.accountNumber')}</dt>
        <dd>
          <span className="mono" data-testid="dep-account-number">
            {channel.accountNumber}
          </span>{' '}
          <CopyButton value={channel.accountNumber} testId="dep-account-copy" />
        </dd>
      </div>
      <div>
        <dt>{t('deposit.accountHolder')}</dt>
        <dd>{channel.accountHolder}</dd>
      </div>
    </dl>
  );
}
