import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/web/components/ui/use-toast';

/** Copies text to the clipboard; `copied` is true for a moment afterwards (the button says so). */
export function useCopy(timeout = 2000) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string, message = 'Link copied') => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        toast({ title: 'Copying is blocked here', description: 'Select the link and copy it by hand.', variant: 'destructive' });
        return false;
      }
      setCopied(true);
      toast({ title: message, variant: 'success' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), timeout);
      return true;
    },
    [timeout],
  );

  return { copied, copy };
}
