import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import './status-pill.css';

const colours: Record<ReviewStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** UX "Records": status pill (pending / approved / rejected). */
export function StatusPill({ status, testId }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} fill="outline" className="status-pill" data-testid={testId} data-status={status}>
      {t(`reviewStatus.${status}`)}
    </Tag>
  );
}
