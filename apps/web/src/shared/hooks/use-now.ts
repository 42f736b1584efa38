import { useEffect, useState } from 'react';

/** The current time, ticking every `intervalMs` while `running` (countdowns). */
export function useNow(running: boolean, intervalMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return undefined;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}
