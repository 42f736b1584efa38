import { createBackHandler } from './back-handler.ts';
import type { BackHandlerDeps } from './back-handler.ts';

/** What a native shell (Cordova-style WebView wrapper) may expose to the page. */
export interface KabutoShell {
  exit?: () => void;
}

declare global {
  interface Window {
    KabutoShell?: KabutoShell;
  }
}

/** The event a Cordova-style shell dispatches on `document` when the hardware back button is pressed. */
export const BACK_BUTTON_EVENT = 'backbutton';

export function exitNativeApp(): void {
  // Outside a shell there is nothing to exit: a no-op.
  window.KabutoShell?.exit?.();
}

/** Wires the shell's back button to the SPEC §2 behaviour; returns the function that unwires it. */
export function installNativeBackButton(
  deps: Omit<BackHandlerDeps, 'exitApp' | 'now'> & Partial<Pick<BackHandlerDeps, 'exitApp' | 'now'>>,
): () => void {
  const onBack = createBackHandler({ exitApp: exitNativeApp, now: () => Date.now(), ...deps });
  const listener = (event: Event) => {
    event.preventDefault();
    onBack();
  };
  document.addEventListener(BACK_BUTTON_EVENT, listener);
  return () => document.removeEventListener(BACK_BUTTON_EVENT, listener);
}
