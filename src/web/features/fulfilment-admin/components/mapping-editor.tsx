import { ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { AwardProductTemplate, AwardProductTemplateBody } from '@/contract/fulfilment';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/use-toast';
import { useAwards } from '@/web/lib/api/get-awards';
import { cn } from '@/web/lib/utils';
import { useAwardProductTemplates, useMappingChange } from '../api/award-product-templates';
import { usePrintProducts } from '../api/get-print-products';

const optionalText = (field: string, max: number) => z.string().trim().max(max, { message: `${field} must be at most ${max} characters` });

/** The editor's fields as typed; the server's rules (src/contract/fulfilment.ts) decide the rest and name the field. */
const mappingFormSchema = z.object({
  award_id: z.string().min(1, { message: 'Choose an award' }),
  product_id: z.string().min(1, { message: 'Choose a product' }),
  variant_id: z.string(),
  base_template_id: optionalText('The base template id', 100),
  generated_template_id: optionalText('The generated template id', 100),
  mockup_url: optionalText('The mockup URL', 500).refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), {
    message: 'Use a path on this site (/…) or an https:// address',
  }),
  is_active: z.boolean(),
});
type MappingFormValues = z.input<typeof mappingFormSchema>;
type MappingFormOutput = z.output<typeof mappingFormSchema>;

const EMPTY: MappingFormValues = { award_id: '', product_id: '', variant_id: '', base_template_id: '', generated_template_id: '', mockup_url: '', is_active: true };

function valuesOf(m: AwardProductTemplate): MappingFormValues {
  return {
    award_id: m.award_id,
    product_id: m.product_id ?? '',
    variant_id: m.variant_id ?? '',
    base_template_id: m.base_template_id ?? '',
    generated_template_id: m.generated_template_id ?? '',
    mockup_url: m.mockup_url ?? '',
    is_active: m.is_active,
  };
}

function bodyOf(v: MappingFormOutput): AwardProductTemplateBody {
  return {
    award_id: v.award_id,
    product_id: v.product_id,
    variant_id: v.variant_id || null,
    base_template_id: v.base_template_id || null,
    generated_template_id: v.generated_template_id || null,
    mockup_url: v.mockup_url || null,
    is_active: v.is_active,
  };
}

const looksLikeImage = (url: string) => url.startsWith('/') || url.startsWith('https://');

function FormSelect({
  control,
  name,
  label,
  options,
  placeholder,
  description,
  onPicked,
}: {
  control: Control<MappingFormValues, unknown, MappingFormOutput>;
  name: 'award_id' | 'product_id' | 'variant_id';
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
  description?: string;
  onPicked?: (value: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SelectField
      label={label}
      options={options}
      placeholder={placeholder}
      description={description}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.target.value);
        onPicked?.(e.target.value);
      }}
      error={fieldState.error?.message}
    />
  );
}

/** A small picture of a mockup, or a placeholder when there is none or it does not load. */
function MockupThumb({ url, alt, small = false }: { url: string | null; alt: string; small?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-paper-dark ring-1 ring-ink/10', small ? 'size-11' : 'size-16');
  if (!url || !looksLikeImage(url) || failed === url) {
    return (
      <span className={box} aria-hidden="true">
        <ImageOff className="size-5 text-muted" />
      </span>
    );
  }
  return (
    <span className={box}>
      <img src={url} alt={alt} width={64} height={64} loading="lazy" onError={() => setFailed(url)} className="size-full object-contain" />
    </span>
  );
}

/** Create or edit one mapping. A refusal that names a field shows under it; what was typed stays. */
function MappingForm({ mapping, onDone }: { mapping: AwardProductTemplate | null; onDone: () => void }) {
  const awards = useAwards();
  const products = usePrintProducts();
  const change = useMappingChange();
  const form = useZodForm(mappingFormSchema, { defaultValues: mapping ? valuesOf(mapping) : EMPTY });
  const { control, setValue } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const activeId = useId();
  const awardId = useWatch({ control, name: 'award_id' });
  const productId = useWatch({ control, name: 'product_id' });
  const mockupUrl = useWatch({ control, name: 'mockup_url' });
  const isActive = useWatch({ control, name: 'is_active' });

  const awardOptions = (awards.data ?? []).map((a) => ({ value: a.id, label: a.title }));
  // An award no longer in the gallery keeps its name in a mapping made earlier.
  if (mapping && !awardOptions.some((o) => o.value === mapping.award_id)) awardOptions.unshift({ value: mapping.award_id, label: `${mapping.award_title} (not in the gallery)` });
  const productList = products.data?.products ?? [];
  const productOptions = productList.map((p) => ({ value: p.id, label: p.is_active ? p.name : `${p.name} (off sale)` }));
  const product = productList.find((p) => p.id === productId);
  const variantOptions = (product?.variants ?? []).map((v) => ({ value: v.id, label: `${v.name} · ${v.sku}` }));
  const emblem = awards.data?.find((a) => a.id === awardId)?.image_url ?? null;

  async function onSubmit(values: MappingFormOutput) {
    setProblem(null);
    const body = bodyOf(values);
    try {
      if (mapping) await change.mutateAsync({ kind: 'update', id: mapping.id, body });
      else await change.mutateAsync({ kind: 'create', body });
      toast({ title: mapping ? 'Mapping saved' : 'Mapping created', variant: 'success' });
      onDone();
    } catch (err) {
      if (!showFieldError(form, err)) setProblem(err instanceof Error ? err.message : 'The mapping was not saved.');
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={mapping ? `Edit the mapping of ${mapping.award_title}` : 'New mapping'} className="grid gap-4 rounded-2xl border border-line bg-paper p-4 sm:grid-cols-2">
      <FormSelect control={control} name="award_id" label="Award" options={awardOptions} placeholder={awards.isPending ? 'Loading awards…' : 'Choose an award…'} />
      <FormSelect
        control={control}
        name="product_id"
        label="Product"
        options={productOptions}
        placeholder={products.isPending ? 'Loading products…' : 'Choose a product…'}
        // Another product's variant cannot stay chosen.
        onPicked={() => setValue('variant_id', '')}
      />
      <FormSelect
        control={control}
        name="variant_id"
        label="Variant (optional)"
        options={variantOptions}
        placeholder="Every variant"
        description={product ? undefined : 'Choose a product first.'}
      />
      <div className="hidden sm:block" aria-hidden="true" />
      <FormTextField control={control} name="base_template_id" label="Base template id (optional)" autoComplete="off" description="The provider’s template the design starts from." />
      <FormTextField control={control} name="generated_template_id" label="Generated template id (optional)" autoComplete="off" description="The template made for this award." />
      <div className="flex items-end gap-3 sm:col-span-2">
        <FormTextField
          control={control}
          name="mockup_url"
          label="Mockup URL (optional)"
          className="min-w-0 flex-1"
          inputMode="url"
          autoComplete="off"
          placeholder="/awards/… or https://…"
          description="A photo of the printed product. The store shows it next to this product for this award."
        />
        <MockupThumb url={mockupUrl} alt="" small />
      </div>
      {emblem && emblem !== mockupUrl ? (
        <p className="-mt-2 text-sm sm:col-span-2">
          <button type="button" className="font-semibold text-brand-700 underline-offset-4 hover:underline" onClick={() => setValue('mockup_url', emblem, { shouldValidate: true })}>
            Use the award’s emblem
          </button>
        </p>
      ) : null}
      <label htmlFor={activeId} className="flex items-center gap-3 text-sm font-semibold sm:col-span-2">
        <Switch id={activeId} checked={isActive} onCheckedChange={(on) => setValue('is_active', on)} />
        {isActive ? 'Active: the store shows the mockup' : 'Off: kept, not shown'}
      </label>
      {problem ? (
        <p className="text-sm font-medium text-brand-700 sm:col-span-2" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : mapping ? 'Save mapping' : 'Create mapping'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function MappingRow({ m, onEdit, onDelete }: { m: AwardProductTemplate; onEdit: () => void; onDelete: () => void }) {
  const change = useMappingChange();
  const switchId = useId();
  const templates = [m.base_template_id ? `base ${m.base_template_id}` : null, m.generated_template_id ? `generated ${m.generated_template_id}` : null].filter(Boolean).join(' · ');
  return (
    <li className={cn('flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap', !m.is_active && 'text-muted')} data-testid="mapping-row">
      <MockupThumb url={m.mockup_url} alt={`Mockup of ${m.award_title}`} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold text-ink sm:truncate">{m.award_title}</p>
        <p className="text-sm sm:truncate">
          {m.product_name ?? 'Product removed'}
          {m.variant_name ? ` · ${m.variant_name}` : ''}
        </p>
        {templates ? <p className="text-xs text-muted sm:truncate">Templates: {templates}</p> : null}
      </div>
      <div className="ml-auto flex items-center gap-1">
        <label htmlFor={switchId} className="sr-only">
          {m.award_title} on {m.product_name ?? 'a removed product'} active
        </label>
        <Switch
          id={switchId}
          checked={m.is_active}
          disabled={change.isPending}
          onCheckedChange={(on) =>
            change.mutate(
              { kind: 'update', id: m.id, body: { is_active: on } },
              {
                onSuccess: () => toast({ title: on ? 'Mapping on: the store shows its mockup' : 'Mapping off: the store no longer shows it', variant: 'success' }),
                onError: (err) => toast({ title: 'The mapping did not change', description: err.message, variant: 'destructive' }),
              },
            )
          }
        />
        <Button size="sm" variant="ghost" aria-label={`Edit the mapping of ${m.award_title}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Delete the mapping of ${m.award_title}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * The mapping editor of the template dashboard (spec §3/§7 award_product_templates): which printed product each
 * award sells as, with the provider's templates and the mockup the store shows; newest first.
 */
export function MappingEditor() {
  const mappings = useAwardProductTemplates();
  const change = useMappingChange();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AwardProductTemplate | null>(null);
  const list = mappings.data?.mappings ?? [];

  return (
    // min-w-0: long award names are truncated inside the card instead of widening the page on a phone.
    <div className="min-w-0 rounded-2xl border border-line bg-white p-5 md:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h3 className="font-semibold" id="mapping-editor-heading">
            Award mockups
          </h3>
          <p className="mt-1 text-sm text-ink-soft">Which printed product each award sells as, its print templates, and the photo the store shows.</p>
        </div>
        {editing !== 'new' ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> New mapping
          </Button>
        ) : null}
      </div>
      {editing === 'new' ? (
        <div className="mt-4">
          <MappingForm mapping={null} onDone={() => setEditing(null)} />
        </div>
      ) : null}
      <div className="mt-4">
        {mappings.isError ? (
          <Notice tone="error" title="The mappings did not load">
            {mappings.error.message}
          </Notice>
        ) : mappings.isPending ? (
          <Skeleton className="h-24 rounded-xl" aria-busy="true" aria-label="Loading mappings" />
        ) : list.length === 0 ? (
          <p className="text-sm text-ink-soft">No mappings yet. Map an award to a product and the store shows its mockup.</p>
        ) : (
          <ul aria-labelledby="mapping-editor-heading" className="divide-y divide-line">
            {list.map((m) =>
              editing === m.id ? (
                <li key={m.id} className="py-3">
                  <MappingForm mapping={m} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <MappingRow key={m.id} m={m} onEdit={() => setEditing(m.id)} onDelete={() => setDeleting(m)} />
              ),
            )}
          </ul>
        )}
      </div>
      <Dialog open={deleting !== null} onOpenChange={(o) => (o ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogTitle>Delete this mapping?</DialogTitle>
          <DialogDescription>
            {deleting ? `${deleting.award_title} on ${deleting.product_name ?? 'a removed product'}. ` : ''}The store stops showing its mockup. Switching it off keeps it for later.
          </DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              onClick={() => {
                if (deleting) {
                  change.mutate(
                    { kind: 'delete', id: deleting.id },
                    {
                      onSuccess: () => toast({ title: 'Mapping deleted', variant: 'success' }),
                      onError: (err) => toast({ title: 'The mapping was not deleted', description: err.message, variant: 'destructive' }),
                    },
                  );
                }
                setDeleting(null);
              }}
            >
              Delete mapping
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
