import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { AWARD_LIMITS, type AdminAward, type AdminCategory, type AwardBody } from '@/contract/admin-awards';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Form, FormSelectField, FormTextArea, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/use-toast';
import { useBlobUrl } from '@/web/hooks/use-blob-url';
import { ApiRequestError } from '@/web/lib/api-client';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { useAwardChange } from '../api/award-changes';
import { useAdminAward } from '../api/get-admin-awards';
import { AUTO_CATEGORY, awardFormSchema, awardFormValues, NO_CATEGORY, type AwardFormValues } from '../lib/award-form';
import { AwardHistory } from './award-history';
import { StatusBadge } from './badges';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
const MB = 1024 * 1024;

/** A picture chosen in the browser: checked for size and type before it is sent (the server checks the bytes again). */
function checkPicture(file: File): string | null {
  if (!IMAGE_TYPES.split(',').includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF picture.';
  if (file.size > AWARD_LIMITS.imageMaxBytes) return `The picture is too large: at most ${AWARD_LIMITS.imageMaxBytes / MB} MB.`;
  return null;
}

function PictureField({ current, pending, onPick, onRemove }: { current: string | null; pending: boolean; onPick(file: File): void; onRemove?: (() => void) | undefined }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <p className="text-sm font-semibold" id={`${id}-label`}>
        Picture
      </p>
      <p className="text-xs text-muted" id={`${id}-hint`}>
        PNG, JPEG, WebP or GIF, at most {AWARD_LIMITS.imageMaxBytes / MB} MB. Shown on the gallery card and drawn on its certificates (a WebP only on the card).
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <div className="flex size-24 items-center justify-center overflow-hidden rounded-xl border border-line bg-paper">
          {current ? <img src={current} alt="The award's picture" className="size-full object-contain" /> : <span className="px-2 text-center text-xs text-muted">No picture</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const problem = checkPicture(file);
              setError(problem);
              if (!problem) onPick(file);
            }}
          />
          <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" /> {pending ? 'Uploading…' : current ? 'Replace picture' : 'Choose picture'}
          </Button>
          {current && onRemove ? (
            <Button type="button" variant="ghost" size="sm" disabled={pending} onClick={onRemove}>
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function StatsField({ form }: { form: UseFormReturn<AwardFormValues, unknown, AwardBody> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'stats' });
  const errors = form.formState.errors.stats;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Stats</legend>
      <p className="text-xs text-muted">Printed on the certificate, e.g. “Speed” 9000. At most {AWARD_LIMITS.statsPairs}.</p>
      <div className="mt-2 grid gap-2">
        {fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormTextField control={form.control} name={`stats.${i}.key`} label={`Stat ${i + 1} label`} maxLength={AWARD_LIMITS.statKey} />
            <FormTextField control={form.control} name={`stats.${i}.value`} label={`Stat ${i + 1} value`} maxLength={AWARD_LIMITS.statValue} />
            <Button type="button" variant="ghost" size="icon" className="mt-7" aria-label={`Remove stat ${i + 1}`} onClick={() => remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
      </div>
      {errors?.root?.message || errors?.message ? <p className="mt-1.5 text-sm font-medium text-brand-700">{errors.root?.message ?? errors.message}</p> : null}
      {fields.length < AWARD_LIMITS.statsPairs ? (
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => append({ key: '', value: '' })}>
          <Plus aria-hidden="true" /> Add a stat
        </Button>
      ) : null}
    </fieldset>
  );
}

function AwardForm({ award, categories, onSaved, onClose }: { award: AdminAward | null; categories: AdminCategory[]; onSaved(award: AdminAward): void; onClose(): void }) {
  const form = useZodForm(awardFormSchema, { defaultValues: awardFormValues(award) });
  const category = useWatch({ control: form.control, name: 'category' });
  const change = useAwardChange();
  const [picture, setPicture] = useState<File | undefined>();
  const picked = useBlobUrl(picture);
  const [deleting, setDeleting] = useState(false);
  const [inUse, setInUse] = useState<string | null>(null);
  const isNew = award === null;

  const upload = (id: string, file: File) =>
    change.mutate(
      { kind: 'upload-image', id, file },
      {
        onSuccess: () => toast({ title: 'Picture saved', variant: 'success' }),
        onError: (err) => toast({ title: 'Failed to upload image', description: err.message, variant: 'destructive' }),
      },
    );

  const save = async (body: AwardBody) => {
    let saved: AdminAward;
    try {
      saved = (await change.mutateAsync(award ? { kind: 'update', id: award.id, body } : { kind: 'create', body })) as AdminAward;
    } catch (err) {
      if (!showFieldError(form, err)) toast({ title: isNew ? 'Failed to create award' : 'Failed to update award', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
      return;
    }
    toast({ title: isNew ? `“${saved.title}” created` : 'Changes saved', description: isNew && !saved.category ? 'No category matched: it shows under Other Awards.' : undefined, variant: 'success' });
    // A new award's picture goes up once the award exists; if that fails the award stays, and the panel offers the upload again.
    if (isNew && picture) {
      try {
        await change.mutateAsync({ kind: 'upload-image', id: saved.id, file: picture });
      } catch (err) {
        toast({ title: 'Failed to upload image', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
      }
    }
    onSaved(saved);
  };

  const remove = () =>
    change.mutate(
      { kind: 'delete', id: award!.id },
      {
        onSuccess: () => {
          toast({ title: `“${award!.title}” deleted`, variant: 'success' });
          setDeleting(false);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'AWARD_IN_USE') setInUse(err.message);
          toast({ title: 'Failed to delete award', description: err.message, variant: 'destructive' });
        },
      },
    );

  const deactivate = () =>
    change.mutate(
      { kind: 'update', id: award!.id, body: { is_active: false } },
      {
        onSuccess: (a) => {
          form.reset(awardFormValues(a as AdminAward));
          toast({ title: `“${award!.title}” deactivated`, description: 'It has left the gallery.', variant: 'success' });
          setDeleting(false);
          setInUse(null);
        },
        onError: (err) => toast({ title: 'Failed to update award', description: err.message, variant: 'destructive' }),
      },
    );

  return (
    <>
      <Form form={form} onSubmit={save} className="grid gap-5" aria-label={isNew ? 'New award' : `Edit ${award.title}`}>
        <FormTextField control={form.control} name="title" label="Title" maxLength={AWARD_LIMITS.title} autoComplete="off" />
        <FormTextField
          control={form.control}
          name="slug"
          label="Slug (optional)"
          description={isNew ? 'Made from the title when left empty.' : 'Changing it breaks nothing: links use the id.'}
          maxLength={AWARD_LIMITS.slug}
          autoComplete="off"
        />
        <FormTextArea control={form.control} name="description" label="Description" rows={4} maxLength={AWARD_LIMITS.description} />
        <FormTextField control={form.control} name="tagline" label="Tagline" maxLength={AWARD_LIMITS.tagline} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelectField
            control={form.control}
            name="category"
            label="Category"
            description={category === AUTO_CATEGORY ? 'Picked from the title by the categories’ keywords.' : undefined}
            options={[
              ...(isNew ? [{ value: AUTO_CATEGORY, label: 'Choose automatically' }] : []),
              { value: NO_CATEGORY, label: 'None (Other Awards)' },
              ...categories.map((c) => ({ value: c.id, label: c.is_active ? c.name : `${c.name} (hidden)` })),
            ]}
          />
          <FormTextField control={form.control} name="sort_order" label="Sort order" inputMode="numeric" description="Lower comes first in its category." />
        </div>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-white p-4">
              <div>
                <label htmlFor="award-active" className="font-semibold">
                  Active
                </label>
                <p className="text-sm text-muted">Shown in the public gallery. Inactive awards stay on everything already made with them.</p>
              </div>
              <Switch id="award-active" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        <StatsField form={form} />
        <PictureField
          current={isNew ? picked : award.image_url}
          pending={change.isPending && change.variables?.kind === 'upload-image'}
          onPick={(file) => (isNew ? setPicture(file) : upload(award.id, file))}
          onRemove={
            isNew
              ? () => setPicture(undefined)
              : () =>
                  change.mutate(
                    { kind: 'remove-image', id: award.id },
                    { onError: (err) => toast({ title: 'Failed to update award', description: err.message, variant: 'destructive' }) },
                  )
          }
        />
        <div className="sticky bottom-0 -mx-5 flex flex-wrap justify-between gap-2 border-t border-line bg-paper px-5 py-3">
          {award ? (
            <Button type="button" variant="ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && (change.variables?.kind === 'create' || change.variables?.kind === 'update') ? 'Saving…' : isNew ? 'Create award' : 'Save changes'}
            </Button>
          </div>
        </div>
      </Form>
      {award ? (
        <ConfirmDialog
          open={deleting}
          title={`Delete “${award.title}”?`}
          description={
            inUse ? (
              <span>{inUse}</span>
            ) : (
              'It leaves the gallery and cannot be brought back; its history stays in the audit log. Awards already on certificates, quiz results or orders cannot be deleted: deactivate them instead.'
            )
          }
          confirmLabel={inUse ? 'Deactivate instead' : 'Delete award'}
          destructive={!inUse}
          pending={change.isPending}
          onConfirm={inUse ? deactivate : remove}
          onCancel={() => {
            setDeleting(false);
            setInUse(null);
          }}
        />
      ) : null}
    </>
  );
}

/** One award in a panel over the list: its form, picture, and history; `id` 'new' for a new award. */
export function AwardSheet({ id, categories, onOpen, onClose }: { id: string | null; categories: AdminCategory[]; onOpen(id: string): void; onClose(): void }) {
  const isNew = id === 'new';
  const award = useAdminAward(id && !isNew ? id : null);
  const a = award.data;
  useEffect(() => {
    if (award.isError) toast({ title: 'Failed to fetch awards', description: award.error.message, variant: 'destructive' });
  }, [award.isError, award.error]);
  return (
    <SideSheet open={id !== null} onClose={onClose} title={isNew ? 'New award' : (a?.title ?? 'Award')} description={isNew ? 'Fill in what the certificate says. Only the title is required.' : a ? <><StatusBadge active={a.is_active} /> {a.slug}</> : 'Loading...'} descriptionClassName="flex items-center gap-2" bodyClassName="pt-5">
        {isNew ? (
          <AwardForm award={null} categories={categories} onSaved={(saved) => onOpen(saved.id)} onClose={onClose} />
        ) : award.isError ? (
          <Notice tone="error" title="Failed to fetch awards">
            {award.error.message}
          </Notice>
        ) : a ? (
          <div className="grid gap-8 pb-6">
            <AwardForm key={`${a.id}-${a.updated_at}`} award={a} categories={categories} onSaved={() => undefined} onClose={onClose} />
            <AwardHistory awardId={a.id} categories={categories} />
          </div>
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the award">
            <Skeleton className="h-11" />
            <Skeleton className="h-28" />
            <Skeleton className="h-11" />
          </div>
        )}
    </SideSheet>
  );
}
