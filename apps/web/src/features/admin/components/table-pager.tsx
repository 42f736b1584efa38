import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Previous / page n of m / next under a back-office table (the audit log, the trading list). */
export function TablePager(props: {
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
  /** Prefix of the test ids: `<testId>-prev`, `<testId>-page`, `<testId>-next`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const { page, pages, total, busy, onPage, testId } = props;
  return (
    <div className="audit__pager">
      <Button
        size="small"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
        data-testid={`${testId}-prev`}
      >
        {t('admin.audit.prev')}
      </Button>
      <span className="num" data-testid={`${testId}-page`}>
        {t('admin.audit.pageOf', { page, pages, total })}
      </span>
      <Button
        size="small"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        {t('admin.audit.next')}
      </Button>
    </div>
  );
}
