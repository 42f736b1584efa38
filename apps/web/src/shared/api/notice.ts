import { Toast } from 'antd-mobile';
import { NOTICE_DURATION_MS } from '../spec.constants.ts';
import { translateKey } from '../../i18n/i18n.ts';

/** SPEC §8: a brief notice (2 s) with an already translated text. */
export function showNotice(text: string): void {
  Toast.show({ content: text, duration: NOTICE_DURATION_MS });
}

/** A notice for a message key (server or client), translated to the current language. */
export function showNoticeKey(key: string): void {
  showNotice(translateKey(key));
}

export function showSuccess(key: string): void {
  Toast.show({ content: translateKey(key), icon: 'success', duration: NOTICE_DURATION_MS });
}
