import { Button } from 'antd-mobile';
import { Toast } from '../../../shared/kit/imperative.ts';
import { useTranslation } from 'react-i18next';
import { showNoticeKey } from '../../../shared/api/notice.ts';
import { NOTICE_DURATION_MS } from '../../../shared/spec.constants.ts';

/** Copies a value the member must type elsewhere (account number, transfer reference). */
export function CopyButton({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      Toast.show({ content: t('common.copied'), duration: NOTICE_DURATION_MS });
    } catch {
      showNoticeKey('notice.copyFailed');
    }
  };
  return (
    <Button
      size="mini"
      fill="outline"
      color="primary"
      onClick={() => void copy()}
      data-testid={testId}
      className="copy-button"
    >
      {t('common.copy')}
    </Button>
  );
}
