import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delay` ms. Values are compared by their JSON, so a
 * fresh object with the same contents does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const key = JSON.stringify(value);
  const [debounced, setDebounced] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (key === debounced.key) return;
    const timer = setTimeout(() => setDebounced({ key, value: JSON.parse(key) as T }), delay);
    return () => clearTimeout(timer);
  }, [key, delay, debounced.key]);
  return debounced.value;
}
