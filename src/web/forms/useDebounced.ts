import { useEffect, useState } from 'react';

/** The value after it stopped changing for `ms` (spec §9: autocomplete waits 500 ms). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
