import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the Radix toaster when the first toast is raised, or when someone presses F8 to reach
 * the notifications, keeping its code off the first page load. Once mounted it stays.
 */
export function ToasterHost() {
  const toasts = useToasts();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') setWanted(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted]);

  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);

  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={wanted && toasts.length === 0} />
    </Suspense>
  );
}
