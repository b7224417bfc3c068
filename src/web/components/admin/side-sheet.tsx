import * as SheetPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/**
 * The admin's panel over a list (an order, a bug report, an award, a nomination, an audit entry): it slides in from
 * the right, the list stays where it was, Escape or the close button closes it, and focus stays inside while open.
 */
export function SideSheet({
  open,
  onClose,
  title,
  description,
  width = '2xl',
  titleClassName,
  descriptionClassName,
  bodyClassName = 'py-5',
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description: ReactNode;
  width?: 'xl' | '2xl';
  titleClassName?: string;
  descriptionClassName?: string;
  /** Extra classes of the scrolling body (its vertical padding: `py-5` unless given). */
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <SheetPrimitive.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <SheetPrimitive.Portal>
        <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <SheetPrimitive.Content
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-paper shadow-2xl focus:outline-none motion-safe:animate-rise',
            width === 'xl' ? 'max-w-xl' : 'max-w-2xl',
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-line bg-white px-5 py-4">
            <div className="min-w-0">
              <SheetPrimitive.Title className={cn('font-display text-2xl font-semibold', titleClassName)}>{title}</SheetPrimitive.Title>
              <SheetPrimitive.Description className={cn('text-sm text-muted', descriptionClassName)}>{description}</SheetPrimitive.Description>
            </div>
            <SheetPrimitive.Close className="rounded-full p-2 hover:bg-paper-dark focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </SheetPrimitive.Close>
          </div>
          <div className={cn('flex-1 overflow-y-auto px-5', bodyClassName)}>{children}</div>
        </SheetPrimitive.Content>
      </SheetPrimitive.Portal>
    </SheetPrimitive.Root>
  );
}
