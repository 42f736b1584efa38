import type { CapacitorGlobal } from '@capacitor/core';
import { createBackHandler } from './back-handler.ts';
import type { BackHandlerDeps } from './back-handler.ts';

/** What a native shell (Cordova-style WebView wrapper) may expose to the page. */
export interface KabutoShell {
  exit?: () => void;
}

declare global {
  interface Window {
    KabutoShell?: KabutoShell;
    /** Injected by the Capacitor shell's native bridge before the page runs; absent in a browser. */
    Capacitor?: Pick<CapacitorGlobal, 'isNativePlatform'>;
  }
}

/** The event a Cordova-style shell dispatches on `document` when the hardware back button is pressed. */
export const BACK_BUTTON_EVENT = 'backbutton';

/** A native shell's back button and exit, as the page sees them (the Capacitor one: `capacitor-bridge.ts`). */
export interface NativeBackBridge {
  /** Starts listening; resolves to the function that stops. */
  onBackButton: (listener: () => void) => Promise<() => void>;
  exitApp: () => void;
}

export function exitNativeApp(): void {
  // Outside a shell there is nothing to exit: a no-op.
  window.KabutoShell?.exit?.();
}

/** True inside the Capacitor Android shell (its bridge says so), false in any browser. */
export function isCapacitorShell(win: Pick<Window, 'Capacitor'> = window): boolean {
  return win.Capacitor?.isNativePlatform?.() === true;
}

const loadCapacitorBridge = (): Promise<NativeBackBridge> =>
  import('./capacitor-bridge.ts').then((m) => m.capacitorBackBridge);

export interface NativeShellProbe {
  inCapacitor: () => boolean;
  loadBridge: () => Promise<NativeBackBridge>;
}

const capacitorProbe: NativeShellProbe = { inCapacitor: () => isCapacitorShell(), loadBridge: loadCapacitorBridge };

/**
 * Wires the shell's back button to the SPEC §2 behaviour; returns the function that unwires it. Inside Capacitor the
 * button comes from @capacitor/app (loaded only there) and a second press quits through it; a Cordova-style shell
 * dispatches `backbutton` on `document` and quits through `window.KabutoShell.exit`. Capacitor's App plugin also
 * dispatches `backbutton` on `document` for each press, so inside Capacitor only its listener is used: one press, one step.
 */
export function installNativeBackButton(
  deps: Omit<BackHandlerDeps, 'exitApp' | 'now'> & Partial<Pick<BackHandlerDeps, 'exitApp' | 'now'>>,
  probe: NativeShellProbe = capacitorProbe,
): () => void {
  let bridge: NativeBackBridge | null = null;
  const onBack = createBackHandler({
    exitApp: () => (bridge ? bridge.exitApp() : exitNativeApp()),
    now: () => Date.now(),
    ...deps,
  });

  if (!probe.inCapacitor()) {
    const listener = (event: Event) => {
      event.preventDefault();
      onBack();
    };
    document.addEventListener(BACK_BUTTON_EVENT, listener);
    return () => document.removeEventListener(BACK_BUTTON_EVENT, listener);
  }

  let unwired = false;
  let stopBridge: (() => void) | null = null;
  void probe
    .loadBridge()
    .then(async (loaded) => {
      if (unwired) return;
      const stop = await loaded.onBackButton(() => onBack());
      if (unwired) {
        stop();
        return;
      }
      bridge = loaded;
      stopBridge = stop;
    })
    // The bridge's chunk could not load (the network dropped): Capacitor keeps its own back behaviour.
    .catch(() => undefined);
  return () => {
    unwired = true;
    stopBridge?.();
  };
}
