import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';

/**
 * "Are you sure?" before anything destructive or hard to undo (delete, bulk changes, erasure). Says what will
 * happen in words; the confirm button names the action ("Delete 3 awards"), Cancel is the safe default focus.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Extra choices the action needs (where a deleted category's awards go). */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => (!o && !pending ? onCancel() : undefined)}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-2 text-base text-ink-soft">{description}</div>
        </DialogDescription>
        {children ? <div className="mt-4">{children}</div> : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel} disabled={pending} autoFocus>
            Cancel
          </Button>
          <Button variant={destructive ? 'primary' : 'secondary'} onClick={onConfirm} disabled={pending}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
