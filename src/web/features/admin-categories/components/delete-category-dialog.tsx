import { useId, useState } from 'react';
import type { AdminCategory } from '@/contract/admin-awards';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { SelectField } from '@/web/components/ui/select-field';
import { toast } from '@/web/components/ui/use-toast';
import { useCategoryChange } from '../api/category-changes';

/**
 * Deleting a category. When it holds awards the dialog asks where they go: to another category, or to none (the
 * gallery then shows them under Other Awards). Nothing is deleted before that is answered.
 */
export function DeleteCategoryDialog({ category, categories, onClose }: { category: AdminCategory | null; categories: AdminCategory[]; onClose(): void }) {
  const change = useCategoryChange();
  const name = useId();
  const [where, setWhere] = useState<'move' | 'none'>('move');
  const others = categories.filter((c) => c.id !== category?.id);
  const [target, setTarget] = useState('');
  const held = category?.award_count ?? 0;
  const moveTo = where === 'move' ? target : 'none';
  const missingTarget = held > 0 && where === 'move' && !target;
  const [tried, setTried] = useState(false);

  const close = () => {
    setWhere('move');
    setTarget('');
    setTried(false);
    onClose();
  };
  const confirm = () => {
    if (!category) return;
    setTried(true);
    if (missingTarget) return;
    change.mutate(
      { kind: 'delete', id: category.id, awardsTo: held ? moveTo : undefined },
      {
        onSuccess: () => {
          const dest = moveTo === 'none' ? 'Other Awards' : (others.find((c) => c.id === moveTo)?.name ?? '');
          toast({ title: `“${category.name}” deleted`, description: held ? `${held} award${held === 1 ? '' : 's'} moved to ${dest}.` : undefined, variant: 'success' });
          close();
        },
        onError: (err) => toast({ title: 'Failed to delete category', description: err.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={category !== null}
      title={`Delete “${category?.name ?? ''}”?`}
      description={
        held
          ? `It holds ${held} award${held === 1 ? '' : 's'}. Say where ${held === 1 ? 'it goes' : 'they go'}; the awards themselves are kept.`
          : 'It holds no awards. It leaves the gallery and the filters.'
      }
      confirmLabel={held ? `Delete and move ${held} award${held === 1 ? '' : 's'}` : 'Delete category'}
      destructive
      pending={change.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {held ? (
        <fieldset className="grid gap-3">
          <legend className="text-sm font-semibold">Where do its awards go?</legend>
          <label className="flex items-start gap-3">
            <input type="radio" name={name} className="mt-1 size-4 accent-brand-600" checked={where === 'move'} onChange={() => setWhere('move')} />
            <span>To another category</span>
          </label>
          {where === 'move' ? (
            <SelectField
              label="Category"
              placeholder="Choose a category"
              className="ml-7"
              options={others.map((c) => ({ value: c.id, label: c.is_active ? c.name : `${c.name} (hidden)` }))}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              error={tried && missingTarget ? 'Choose where the awards go' : undefined}
            />
          ) : null}
          <label className="flex items-start gap-3">
            <input type="radio" name={name} className="mt-1 size-4 accent-brand-600" checked={where === 'none'} onChange={() => setWhere('none')} />
            <span>
              To no category
              <span className="block text-sm text-muted">The gallery shows them under Other Awards.</span>
            </span>
          </label>
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}
