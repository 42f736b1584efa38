import { Button } from 'antd-mobile';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface LoadFailureProps {
  titleKey: string;
  messageKey: string;
  onRetry: () => void;
  testId?: string;
  /** The retry is under way: the button shows it and takes no second press. */
  retrying?: boolean;
}

/**
 * A translated failure message with a retry button (SPEC §8: loading failures). Drawn from code that is
 * already here (no extra chunk), since it shows exactly when downloads fail.
 */
export function LoadFailure({
  titleKey,
  messageKey,
  onRetry,
  testId = 'load-failure',
  retrying = false,
}: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <div className="load-failure" data-testid={testId} role="alert">
      {/* StatusBlock's look, drawn here: the boot code must not wait for another chunk to say that chunks failed. */}
      <div className="status-block status-block--disconnected">
        <CircleAlert className="status-block__icon" aria-hidden="true" />
        <h1 className="status-block__title">{t(titleKey)}</h1>
        <p className="status-block__body">{t(messageKey)}</p>
      </div>
      <Button color="primary" size="large" block loading={retrying} onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
