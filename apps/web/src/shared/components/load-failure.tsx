import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  titleKey: string;
  messageKey: string;
  onRetry: () => void;
  testId?: string;
}

/** A translated failure message with a retry button (SPEC §8: loading failures). */
export function LoadFailure({ titleKey, messageKey, onRetry, testId = 'load-failure' }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <div className="load-failure" data-testid={testId} role="alert">
      <ErrorBlock status="disconnected" title={t(titleKey)} description={t(messageKey)} fullPage={false} />
      <Button color="primary" size="large" block onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
