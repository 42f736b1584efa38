import { EXIT_DOUBLE_BACK_WINDOW_MS } from '../spec.constants.ts';

export interface BackHandlerDeps {
  canGoBack: () => boolean;
  goBack: () => void;
  exitApp: () => void;
  /** Shows the translated "press again to exit" notice. */
  notify: () => void;
  now: () => number;
  windowMs?: number;
}

export type BackOutcome = 'back' | 'armed' | 'exit';

/**
 * SPEC §2: in the native shell the back button goes back when possible; otherwise a first
 * press arms exit and a second press within 1 second quits the app.
 */
export function createBackHandler(deps: BackHandlerDeps): () => BackOutcome {
  const windowMs = deps.windowMs ?? EXIT_DOUBLE_BACK_WINDOW_MS;
  let armedAt: number | null = null;
  return () => {
    if (deps.canGoBack()) {
      armedAt = null;
      deps.goBack();
      return 'back';
    }
    const now = deps.now();
    if (armedAt !== null && now - armedAt <= windowMs) {
      armedAt = null;
      deps.exitApp();
      return 'exit';
    }
    armedAt = now;
    deps.notify();
    return 'armed';
  };
}
