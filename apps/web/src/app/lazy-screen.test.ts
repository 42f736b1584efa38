import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withLoadTimeout } from './lazy-screen.tsx';

describe('screen chunk loading (SPEC §8–9)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a chunk still loading after 120 s as failed', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const outcome = withLoadTimeout(never).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkTimeoutError);
  });

  it('passes a chunk through, and its failure too', async () => {
    await expect(withLoadTimeout(() => Promise.resolve('screen'))).resolves.toBe('screen');
    await expect(
      withLoadTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toThrow('Failed to fetch');
  });
});
