import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/web/lib/utils';
import { dismiss, useToasts } from './use-toast';

/** Radix toasts: 4000 ms by default, F8 moves focus to the notifications (spec §9). */
export default function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  // Mounted by an F8 press: that press happened before the viewport existed, so finish its job.
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastPrimitive.Provider duration={4000} swipeDirection="right">
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(o) => {
            if (!o) dismiss(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-card',
            'data-[state=open]:animate-rise data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variant === 'destructive' && 'border-brand-700 bg-brand-700 text-white',
            variant === 'success' && 'border-line bg-white text-ink',
            variant === 'default' && 'border-line bg-white text-ink',
          )}
        >
          {variant === 'destructive' ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : variant === 'success' ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          ) : null}
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded-full p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport ref={viewport} className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
