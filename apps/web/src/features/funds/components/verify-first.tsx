import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { push } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

/** SPEC §5: bank cards (and so withdrawals) need real-name verification first. */
export function VerifyFirst({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="centered-block" data-testid="card-verify-first">
      <StatusBlock
        kind="default"
        title={t(pending ? 'cards.pendingTitle' : 'cards.verifyTitle')}
        description={t(pending ? 'cards.pendingBody' : 'cards.verifyBody')}
      />
      {!pending && (
        <Button
          color="primary"
          size="large"
          block
          onClick={() => push('/user/bandCard')}
          data-testid="card-verify-action"
        >
          {t('memberCentre.verify.start')}
        </Button>
      )}
    </div>
  );
}
