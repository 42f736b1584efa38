import { App } from '@capacitor/app';
import type { NativeBackBridge } from './native-shell.ts';

/**
 * The Capacitor Android shell's side of the back button (@capacitor/app). Loaded by `installNativeBackButton` only
 * when the page runs inside the shell, so a browser never downloads it. While a `backButton` listener is
 * registered, Capacitor leaves the button to the page (no WebView history step, no exit of its own).
 */
export const capacitorBackBridge: NativeBackBridge = {
  onBackButton: async (listener) => {
    const handle = await App.addListener('backButton', () => listener());
    return () => void handle.remove();
  },
  exitApp: () => void App.exitApp(),
};
