import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../kit/imperative.ts';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import type { logoutCall } from '@kabuto/contracts/user/login';
import { api } from '../api/api.ts';
import { showSuccess } from '../api/notice.ts';
import { replace } from '../navigation/navigation.ts';
import { clearSession } from './session.store.ts';
import { callRef } from '../api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const logoutRef = callRef<typeof logoutCall>('user/logout');

/** Sign out after a confirmation: ends the server session, forgets cached data, back to sign-in. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async () => {
    const confirmed = await Dialog.confirm({
      title: t('settings.logoutTitle'),
      content: t('settings.logoutConfirm'),
      confirmText: <span data-testid="setting-logout-confirm">{t('settings.logout')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await api.call(logoutRef, {});
    } catch {
      // The session ends on this device whatever the server answered.
    }
    clearSession();
    queryClient.clear();
    showSuccess(successKeys.logout);
    replace('/login/login');
  };
}
