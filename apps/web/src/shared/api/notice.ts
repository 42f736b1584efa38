import { NOTICE_DURATION_MS } from '../spec.constants.ts';
import { translateKey } from '../../i18n/i18n.ts';

/** When the toast's own chunk cannot load (the network just dropped), the notice still shows, unstyled by the kit. */
function plainNotice(text: string): void {
  const element = document.createElement('div');
  element.className = 'plain-notice';
  element.setAttribute('role', 'status');
  element.textContent = text;
  document.body.append(element);
  setTimeout(() => element.remove(), NOTICE_DURATION_MS);
}

function show(text: string, success: boolean): void {
  import('./notice-toast.ts').then(
    (toast) => toast.showToast(text, success),
    () => plainNotice(text),
  );
}

/** SPEC §8: a brief notice (2 s) with an already translated text. */
export function showNotice(text: string): void {
  show(text, false);
}

/** A notice for a message key (server or client), translated to the current language. */
export function showNoticeKey(key: string): void {
  show(translateKey(key), false);
}

export function showSuccess(key: string): void {
  show(translateKey(key), true);
}
