import { Toast } from '../kit/imperative.ts';
import { NOTICE_DURATION_MS } from '../spec.constants.ts';

/** The kit's toast, loaded with the first notice (it brings the kit's animation library, which no first screen needs). */
export function showToast(text: string, success: boolean): void {
  Toast.show({ content: text, duration: NOTICE_DURATION_MS, ...(success ? { icon: 'success' as const } : {}) });
}
