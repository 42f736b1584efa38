import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type PullText = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * Pull-to-refresh on a list (issue 27): the member pulls the list down from its top and it is asked again. `onRefresh`
 * resolves when the new answer is in (a TanStack Query `refetch`), so the spinner says how long it took. The words are
 * the screen's catalogue part's `pull.*` (the kit's own Japanese reads as a machine translation); a screen without
 * them gets the kit's.
 */
export function Refreshable({
  onRefresh,
  children,
  disabled = false,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = (key: PullText) => (i18n.exists(`pull.${key}`) ? t(`pull.${key}`) : undefined);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      disabled={disabled}
      pullingText={text('pulling')}
      canReleaseText={text('canRelease')}
      refreshingText={text('refreshing')}
      completeText={text('complete')}
    >
      {children}
    </PullToRefresh>
  );
}
