import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { push } from '../navigation/navigation.ts';
import { StatusBlock } from './status-block.tsx';

/** Shown by member screens opened without a session (SPEC §2 has no route guards). */
export function SignInRequired() {
  const { t } = useTranslation();
  return (
    <div className="centered-block" data-testid="sign-in-required">
      <StatusBlock kind="default" title={t('signInRequired.title')} description={t('signInRequired.body')} />
      <Button color="primary" size="large" block onClick={() => push('/login/login')}>
        {t('settings.signIn')}
      </Button>
    </div>
  );
}
