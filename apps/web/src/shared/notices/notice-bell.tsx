import { Badge } from 'antd-mobile';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { push } from '../navigation/navigation.ts';
import { useSession } from '../session/session.store.ts';
import { useNoticesUnread } from './notices-unread.ts';

/** The path of the notices list (SPEC §2 has none; issue 27). */
export const noticesPath = '/user/notices';

/**
 * The bell in the home header and the member centre: opens the notices, with the unread count as a number (not colour
 * alone) and in its label. Texts from catalogue part `notices` (loaded with those routes).
 */
export function NoticeBell({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const unread = useNoticesUnread();
  if (token === '') return null;
  const label = unread > 0 ? t('noticeBell.labelUnread', { count: unread }) : t('noticeBell.label');
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      onClick={() => push(noticesPath)}
      data-testid={testId}
      data-unread={unread}
    >
      <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null} data-testid={`${testId}-badge`}>
        <Bell aria-hidden="true" />
      </Badge>
    </button>
  );
}
