import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  titleKey: string;
  messageKey: string;
  onRetry: () => void;
  testId?: string;
}

/**
 * A translated failure message with a retry button (SPEC §8: loading failures). Drawn from code that is
 * already here (no illustration chunk), since it shows exactly when downloads fail.
 */
export function LoadFailure({ titleKey, messageKey, onRetry, testId = 'load-failure' }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <div className="load-failure" data-testid={testId} role="alert">
      <div className="load-failure__message">
        <ExclamationCircleOutline className="load-failure__icon" aria-hidden="true" />
        <h1 className="load-failure__title">{t(titleKey)}</h1>
        <p className="load-failure__body">{t(messageKey)}</p>
      </div>
      <Button color="primary" size="large" block onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
