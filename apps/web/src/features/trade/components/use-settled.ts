import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same (by its JSON) for `ms`: the ticket asks the server for figures when the
 * member pauses, not at every keystroke. A value equal to the settled one keeps the same object.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled((current) => (JSON.stringify(current) === key ? current : value)), ms);
    return () => clearTimeout(timer);
    // `key` stands for `value`: a new object with the same content is no change.
  }, [key, ms]);
  return settled;
}
