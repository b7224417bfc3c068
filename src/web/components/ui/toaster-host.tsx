import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the Radix toaster once the page is idle (or at once when a toast is raised first),
 * keeping its code off the first paint. Toasts raised before it loads are shown when it does.
 */
export function ToasterHost() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
