import { createHttpClient } from './http-client.ts';
import { showNotice } from './notice.ts';
import { translateKey } from '../../i18n/i18n.ts';
import { clearSession, getSession } from '../session/session.store.ts';
import { currentPath, push } from '../navigation/navigation.ts';
import { LOGIN_PATH } from '../spec.constants.ts';

// The one client every screen uses (SPEC §7–8).
export const api = createHttpClient({
  getSession,
  notify: showNotice,
  translate: translateKey,
  onUnauthorized: () => {
    // The server no longer accepts this token: drop it so no screen offers to continue with it.
    clearSession();
    if (currentPath() !== LOGIN_PATH) push(LOGIN_PATH);
  },
});
