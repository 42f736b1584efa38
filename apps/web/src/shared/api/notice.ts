import { NOTICE_DURATION_MS } from '../spec.constants.ts';
import { translateKey } from '../../i18n/i18n.ts';
import type * as NoticeToast from './notice-toast.ts';

/** When the toast's own chunk cannot load (the network just dropped), the notice still shows, unstyled by the kit. */
function plainNotice(text: string): void {
  const element = document.createElement('div');
  element.className = 'plain-notice';
  element.setAttribute('role', 'status');
  element.textContent = text;
  document.body.append(element);
  setTimeout(() => element.remove(), NOTICE_DURATION_MS);
}

let toastChunk: Promise<typeof NoticeToast> | null = null;

/** The kit's toast, downloaded once; a failed download is tried again by the next notice. */
function toastModule(): Promise<typeof NoticeToast> {
  toastChunk ??= import('./notice-toast.ts').catch((error: unknown) => {
    toastChunk = null;
    throw error;
  });
  return toastChunk;
}

function show(text: string, success: boolean): Promise<void> {
  return toastModule().then(
    (toast) => toast.showToast(text, success),
    () => plainNotice(text),
  );
}

/**
 * Starts downloading the toast before a notice is due (a form being sent), so the notice shows the moment the answer
 * comes instead of a download later, after the next screen is already up.
 */
export function preloadNotice(): void {
  toastModule().catch(() => undefined);
}

/** SPEC §8: a brief notice (2 s) with an already translated text. */
export function showNotice(text: string): void {
  void show(text, false);
}

/** A notice for a message key (server or client), translated to the current language. */
export function showNoticeKey(key: string): void {
  void show(translateKey(key), false);
}

export function showSuccess(key: string): void {
  void show(translateKey(key), true);
}

/**
 * A success notice that resolves once it has been handed to the toast (its download done): a screen that moves on
 * next waits for it, so the notice comes up with the next screen instead of a download later.
 */
export function showSuccessFirst(key: string): Promise<void> {
  return show(translateKey(key), true);
}
