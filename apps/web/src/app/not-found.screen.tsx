import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { replace } from '../shared/navigation/navigation.ts';
import { StatusBlock } from '../shared/components/status-block.tsx';

/** An address that is not (yet) a route: say so and offer the way back. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="load-failure" data-testid="not-found">
      <StatusBlock kind="empty" title={t('notFound.title')} description={t('notFound.body')} />
      <Button color="primary" size="large" block onClick={() => replace('/login/start')}>
        {t('notFound.action')}
      </Button>
    </div>
  );
}
