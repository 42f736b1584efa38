import type { ReactNode } from 'react';
import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSupportUnread } from './support-unread.ts';

/**
 * The unread count on an entry point to the chat: a number (not colour alone) with words for screen readers. The
 * text `support.unread` comes from the part `support` or, on home, from `market` (see routes.tsx).
 */
export function SupportBadge({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const unread = useSupportUnread();
  return (
    <Badge content={unread > 0 ? String(unread) : null} data-testid={unread > 0 ? testId : undefined}>
      {children}
      {unread > 0 && <span className="visually-hidden">{t('supportEntry.unread', { count: unread })}</span>}
    </Badge>
  );
}
