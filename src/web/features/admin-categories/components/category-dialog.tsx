import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CATEGORY_LIMITS, SLUG_PATTERN, categoryBodySchema, type AdminCategory, type CategoryBody } from '@/contract/admin-awards';
import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/use-toast';
import { useCategoryChange } from '../api/category-changes';

/** The category form: the contract's rules, with the keywords typed as one line and the colour as #rrggbb or nothing. */
const categoryFormSchema = z
  .object({
    name: categoryBodySchema.shape.name,
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || (SLUG_PATTERN.test(v) && v.length <= CATEGORY_LIMITS.slug), { message: 'Use lower-case letters, digits and single hyphens' }),
    description: z.string().max(CATEGORY_LIMITS.description, { message: `At most ${CATEGORY_LIMITS.description} characters` }),
    color: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || /^#[0-9a-f]{6}$/.test(v), { message: 'Use a colour such as #6366f1, or leave it empty' }),
    keywords: z.string(),
    sort_order: z.string().trim().regex(/^-?\d{1,10}$/, { message: 'Sort order must be a whole number' }).transform(Number),
    is_active: z.boolean(),
  })
  .transform((v, ctx): CategoryBody => {
    const keywords = v.keywords.toLowerCase().split(/[\s,]+/).filter(Boolean);
    if (keywords.length > CATEGORY_LIMITS.keywords) ctx.addIssue({ code: 'custom', message: `At most ${CATEGORY_LIMITS.keywords} keywords`, path: ['keywords'] });
    return { name: v.name, description: v.description, color: v.color || null, keywords, sort_order: v.sort_order, is_active: v.is_active, ...(v.slug ? { slug: v.slug } : {}) };
  });
type CategoryFormValues = z.input<typeof categoryFormSchema>;

const valuesOf = (c: AdminCategory | null): CategoryFormValues => ({
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  color: c?.color ?? '',
  keywords: c?.keywords.join(', ') ?? '',
  sort_order: String(c?.sort_order ?? 0),
  is_active: c?.is_active ?? true,
});

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone(): void }) {
  const form = useZodForm(categoryFormSchema, { defaultValues: valuesOf(category) });
  const change = useCategoryChange();
  const colorId = useId();
  const color = form.watch('color');
  const shown = /^#[0-9a-f]{6}$/i.test(color) ? color : FALLBACK_CATEGORY_COLOR;
  const save = (body: CategoryBody) =>
    change.mutate(category ? { kind: 'update', id: category.id, body } : { kind: 'create', body }, {
      onSuccess: () => {
        toast({ title: category ? 'Changes saved' : `“${body.name}” created`, variant: 'success' });
        onDone();
      },
      onError: (err) => {
        if (!showFieldError(form, err)) toast({ title: category ? 'Failed to update category' : 'Failed to create category', description: err.message, variant: 'destructive' });
      },
    });
  return (
    <Form form={form} onSubmit={save} className="mt-4 grid gap-4">
      <FormTextField control={form.control} name="name" label="Name" maxLength={CATEGORY_LIMITS.name} autoComplete="off" />
      <FormTextField control={form.control} name="slug" label="Slug (optional)" description="Made from the name when left empty." maxLength={CATEGORY_LIMITS.slug} autoComplete="off" />
      <FormTextField control={form.control} name="description" label="Description" maxLength={CATEGORY_LIMITS.description} autoComplete="off" />
      <div>
        <div className="flex items-end gap-3">
          <FormTextField control={form.control} name="color" label="Badge colour" placeholder={FALLBACK_CATEGORY_COLOR} className="flex-1" autoComplete="off" />
          <div className="mb-px">
            <label htmlFor={colorId} className="sr-only">
              Pick a colour
            </label>
            <input
              id={colorId}
              type="color"
              value={shown}
              onChange={(e) => form.setValue('color', e.target.value, { shouldDirty: true, shouldValidate: true })}
              className="h-11 w-14 cursor-pointer rounded-xl border border-line bg-white p-1"
            />
          </div>
        </div>
        <p className="mt-1.5 flex items-center gap-2 text-xs text-muted">
          <span className="inline-block size-3 rounded-full" style={{ background: shown }} aria-hidden="true" />
          {color ? 'The gallery badge uses this colour.' : `No colour: the gallery uses the fallback ${FALLBACK_CATEGORY_COLOR}.`}
        </p>
      </div>
      <FormTextField
        control={form.control}
        name="keywords"
        label="Keywords"
        description="Words that file a new award here when it comes without a category (its title is matched against them)."
        placeholder="coffee, toast, recipe"
        autoComplete="off"
      />
      <FormTextField control={form.control} name="sort_order" label="Sort order" inputMode="numeric" description="Lower comes first in the gallery." />
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-2xl border border-line p-4">
            <div>
              <label htmlFor="category-active" className="font-semibold">
                Active
              </label>
              <p className="text-sm text-muted">Inactive categories disappear from the gallery; their awards show under Other Awards.</p>
            </div>
            <Switch id="category-active" checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : category ? 'Save changes' : 'Create category'}
        </Button>
      </div>
    </Form>
  );
}

/** New or edit category, in a dialog (`category` 'new' for a new one). */
export function CategoryDialog({ category, onClose }: { category: AdminCategory | 'new' | null; onClose(): void }) {
  const existing = category === 'new' ? null : category;
  return (
    <Dialog open={category !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{existing ? `Edit “${existing.name}”` : 'New category'}</DialogTitle>
        <DialogDescription>Categories group the gallery, each with its colour badge.</DialogDescription>
        {category !== null ? <CategoryForm key={existing?.id ?? 'new'} category={existing} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
