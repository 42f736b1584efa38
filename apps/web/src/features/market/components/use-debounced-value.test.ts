import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('debounced search text', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles on the last value only after a pause', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250), {
      initialProps: { value: '' },
    });
    rerender({ value: 'ト' });
    act(() => void vi.advanceTimersByTime(100));
    rerender({ value: 'トヨ' });
    act(() => void vi.advanceTimersByTime(100));
    rerender({ value: 'トヨタ' });
    act(() => void vi.advanceTimersByTime(249));
    expect(result.current).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('トヨタ');
  });
});
