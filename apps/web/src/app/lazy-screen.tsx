import { Suspense, lazy, useState } from 'react';
import type { ComponentType, FunctionComponent, LazyExoticComponent } from 'react';
import { DotLoading } from 'antd-mobile';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/spec.constants.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

export class ChunkTimeoutError extends Error {
  constructor() {
    super(`screen did not load within ${String(CHUNK_LOAD_TIMEOUT_MS)} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/** SPEC §9: a chunk (and the stylesheet Vite loads with it) slower than 120 s counts as failed. */
export function withLoadTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type Loader = () => Promise<ComponentType>;

/** A screen loaded on first render, or earlier through `preload` (the boot starts the first screen's chunk early). */
export interface LazyScreen extends FunctionComponent {
  /** Starts loading the chunk now; the render uses this same load. A failure surfaces when the screen renders. */
  preload(): void;
}

/** React.lazy per screen, with the 120 s limit, a translated failure message and a retry that loads again. */
export function lazyScreen(load: Loader): LazyScreen {
  interface Entry {
    failed: boolean;
    start(): Promise<{ default: ComponentType }>;
    component: LazyExoticComponent<ComponentType>;
  }
  const makeLazy = (): Entry => {
    let loading: Promise<{ default: ComponentType }> | undefined;
    const entry: Entry = {
      failed: false,
      start: () =>
        (loading ??= withLoadTimeout(load).then(
          (component) => ({ default: component }),
          (error: unknown) => {
            entry.failed = true;
            throw error;
          },
        )),
      component: lazy(() => entry.start()),
    };
    return entry;
  };
  let current = makeLazy();

  function LazyScreen() {
    const [entry, setEntry] = useState(() => {
      if (current.failed) current = makeLazy();
      return current;
    });
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      current = makeLazy();
      setEntry(current);
      setAttempt((n) => n + 1);
    };
    const Screen = entry.component;
    return (
      <ScreenErrorBoundary key={attempt} onRetry={retry}>
        <Suspense
          fallback={
            <div className="screen-loading" aria-busy="true">
              <DotLoading color="primary" />
            </div>
          }
        >
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>
    );
  }
  LazyScreen.preload = () => {
    if (current.failed) current = makeLazy();
    current.start().catch(() => undefined);
  };
  return LazyScreen;
}
