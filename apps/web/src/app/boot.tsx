import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { configCall } from '@kabuto/contracts/common/config';
import { App } from './app.tsx';
import { api } from '../shared/api/api.ts';
import { callRef } from '../shared/api/call-ref.ts';
import { toAppConfig } from '../shared/config/app-config.ts';
import type { AppConfig } from '../shared/config/app-config.ts';
import type { LanguageReady } from '../i18n/i18n.ts';
import { LoadFailure } from '../shared/components/load-failure.tsx';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/spec.constants.ts';
import { withLoadTimeout } from './lazy-screen.tsx';
import { preloadScreen } from './routes.tsx';
import { isOfflineFailure, whenBackOnline } from './pwa/offline.ts';

/** Lets the browser paint and handle input before the next step of the boot. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The route path of a hash address: `#/market/marketDetail?symbol=7203` → `/market/marketDetail`. */
export function addressPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/** A same-origin sheet that failed has no readable rules (Chrome: empty or a SecurityError); Vite never emits an empty one. */
function loadedSheet(link: HTMLLinkElement, sheet: CSSStyleSheet): boolean {
  if (new URL(link.href, window.location.href).origin !== window.location.origin) return true;
  try {
    return sheet.cssRules.length > 0;
  } catch {
    return false;
  }
}

/** One stylesheet link: resolves when it has loaded, rejects when it failed or took longer than 120 s (SPEC §9). */
export function stylesheetSettled(link: HTMLLinkElement, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<void> {
  if (link.sheet)
    return loadedSheet(link, link.sheet)
      ? Promise.resolve()
      : Promise.reject(new Error(`stylesheet failed: ${link.href}`));
  return withLoadTimeout(
    () =>
      new Promise<void>((resolve, reject) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => reject(new Error(`stylesheet failed: ${link.href}`)), { once: true });
      }),
    timeoutMs,
  );
}

export async function stylesheetsLoaded(doc: Document = document): Promise<boolean> {
  const links = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
  try {
    await Promise.all(links.map((link) => stylesheetSettled(link)));
    return true;
  } catch {
    return false;
  }
}

export function applyConfigToDocument(config: AppConfig, doc: Document = document): void {
  doc.title = config.title;
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = config.logoUrl;
}

// Checked against the contract in first-screen-calls.test.ts; the first screen must not load zod.
export const configRef = callRef<typeof configCall>('common/config');

/**
 * SPEC §4 and DESIGN "Front end": the config is fetched first and the app is mounted only after
 * it succeeds; a failure shows a translated retry screen instead of a blank page.
 */
export async function startApp(root: Root, languageLoading: Promise<LanguageReady>): Promise<void> {
  // The static shell of index.html (logo, name, loading dots) stays on screen until the first render below: drawing
  // the same splash again through the runtime cost a long task of its own and showed nothing new.
  let language: LanguageReady;
  try {
    language = await languageLoading;
  } catch {
    // The catalogue chunk failed: nothing can be translated yet, so offer the reload that fetches it again.
    root.render(
      <LoadFailure
        titleKey="boot.loadFailedTitle"
        messageKey="notice.chunkFailed"
        onRetry={() => window.location.reload()}
        testId="boot-failure"
      />,
    );
    return;
  }

  if (!(await stylesheetsLoaded())) {
    // SPEC §8: a stylesheet that failed to load → the generic failure message; a reload fetches it again.
    root.render(
      <LoadFailure
        titleKey="boot.loadFailedTitle"
        messageKey="notice.chunkFailed"
        onRetry={() => window.location.reload()}
        testId="boot-failure"
      />,
    );
    return;
  }

  // The first screen's chunk (and its catalogue parts, now that the language is known) downloads while the
  // config call is under way, each in a task of its own, so the app's first render does not also start it.
  await nextTask();
  // Offline (issue 27), a module that failed to download stays failed for the page: the screen waits for the network.
  if (navigator.onLine) preloadScreen(addressPath(window.location.hash));
  await nextTask();

  const began = performance.now();
  let config: AppConfig;
  try {
    config = toAppConfig(await api.call(configRef, { type: 'all' }));
  } catch (error) {
    // Issue 27: started without a network (the service worker drew the shell) → the offline state, which also
    // continues by itself when the connection comes back.
    const offline = isOfflineFailure(error, navigator);
    const failure = (retrying: boolean) => (
      <LoadFailure
        titleKey={offline ? 'app.offline.title' : 'boot.configFailedTitle'}
        messageKey={offline ? 'app.offline.body' : 'notice.configFailed'}
        onRetry={retry}
        retrying={retrying}
        testId={offline ? 'offline-state' : 'config-failure'}
      />
    );
    const stopWaiting = offline ? whenBackOnline(retry, window) : () => undefined;
    function retry() {
      stopWaiting();
      root.render(failure(true));
      void startApp(root, languageLoading);
    }
    root.render(failure(false));
    return;
  }
  applyConfigToDocument(config);
  const boot = { configMs: Math.round(performance.now() - began), lang: language.lang, langSource: language.source };
  // A transition renders the first screen in slices of a few milliseconds, yielding to the browser between them,
  // instead of one long task: on a mid-tier phone that task alone blocked input for 100–300 ms.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} boot={boot} />
      </StrictMode>,
    );
  });
}
