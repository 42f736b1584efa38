import { useCallback, useState } from 'react';

/** Which fields the member has left at least once: errors show from then on, as they type. */
export function useTouched<K extends string>(): {
  touched: Partial<Record<K, boolean>>;
  touch: (key: K) => void;
  touchAll: (keys: readonly K[]) => void;
} {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const touch = useCallback((key: K) => setTouched((prev) => (prev[key] ? prev : { ...prev, [key]: true })), []);
  const touchAll = useCallback(
    (keys: readonly K[]) => setTouched(Object.fromEntries(keys.map((k) => [k, true])) as Partial<Record<K, boolean>>),
    [],
  );
  return { touched, touch, touchAll };
}
