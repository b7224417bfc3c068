import { ArrowDown, ArrowLeft, ArrowUp, Eye, ExternalLink, ImageUp, Pencil, Plus, Send, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  LANDING_CTA_KIND_LABELS,
  LANDING_CTA_KINDS,
  LANDING_LIMITS,
  landingPageBodySchema,
  slugFromTitle,
  type AdminLandingPage,
  type LandingPageValues,
} from '@/contract/landing-pages';
import { hrefs } from '@/contract/paths';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { UnsavedChangesGuard } from '@/web/components/admin/unsaved-changes-guard';
import { LandingPageView } from '@/web/components/landing-pages/landing-page-view';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Form, FormSelectField, FormTextArea, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { ApiRequestError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/utils';
import { useCtaTargets } from '../api/get-cta-targets';
import { useAdminLandingPage } from '../api/get-landing-page';
import { useLandingPageChange } from '../api/landing-page-changes';
import { useLandingPreview } from '../api/preview-landing-page';
import { useUploadLandingImage } from '../api/upload-landing-image';
import { EMPTY_LANDING_FORM, formOf, previewBodyOf, type LandingForm } from '../lib/landing-page-form';
import { EditorCard } from './form-fields';
import { editorPath } from './landing-pages-admin';
import { LandingPageStatusBadge } from './landing-page-status-badge';

type Editor = UseFormReturn<LandingForm, unknown, LandingPageValues>;
type Tab = 'edit' | 'preview';
type Confirming = null | 'publish' | 'unpublish' | 'delete';

const FORM_ID = 'landing-page-form';
const LIST_PATH = '/admin/landing-pages';
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/landing-pages/new and /admin/landing-pages/:id: loads the page, then the editor. */
export function LandingPageEditor({ id }: { id: string | null }) {
  const existing = useAdminLandingPage(id);
  if (id && existing.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          Loading...
        </p>
        <Skeleton className="h-12 w-2/3 rounded-lg" />
        <Skeleton className="h-64 w-full rounded-3xl" />
        <Skeleton className="h-64 w-full rounded-3xl" />
      </div>
    );
  }
  if (id && (existing.isError || !existing.data)) {
    const gone = existing.error instanceof ApiRequestError && existing.error.status < 500;
    return (
      <div className="grid gap-4">
        <BackLink />
        <Notice tone="error" title={gone ? 'There is no landing page here' : 'The landing page did not load'}>
          {gone ? 'It may have been deleted. The list has every page there is.' : (existing.error?.message ?? 'An unexpected error occurred')}
        </Notice>
      </div>
    );
  }
  return <EditorForm page={existing.data ?? null} />;
}

function BackLink() {
  return (
    <Link to={LIST_PATH} className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-soft hover:text-ink">
      <ArrowLeft className="size-4" aria-hidden="true" /> Landing pages
    </Link>
  );
}

function EditorForm({ page }: { page: AdminLandingPage | null }) {
  const navigate = useNavigate();
  const form: Editor = useZodForm(landingPageBodySchema, { defaultValues: page ? formOf(page) : EMPTY_LANDING_FORM });
  const { isDirty } = useFormState({ control: form.control });
  const change = useLandingPageChange();
  const [tab, setTab] = useState<Tab>('edit');
  const [confirming, setConfirming] = useState<Confirming>(null);

  /** Every refusal is a toast; one naming a field also lands under it (the editor tab is shown first). */
  const report = (err: unknown, title: string) => {
    showFieldError(form, err, { reveal: () => flushSync(() => setTab('edit')) });
    toast({ title, description: err instanceof Error ? err.message : 'An unexpected error occurred', variant: 'destructive' });
  };

  const save = async (values: LandingPageValues): Promise<AdminLandingPage | null> => {
    try {
      const saved = await change.mutateAsync(page ? { kind: 'update', id: page.id, body: values } : { kind: 'create', body: values });
      if (!('id' in saved)) return null;
      form.reset(formOf(saved));
      return saved;
    } catch (err) {
      report(err, page ? 'The changes were not saved' : 'The draft was not saved');
      return null;
    }
  };

  const onSubmit = async (values: LandingPageValues) => {
    const saved = await save(values);
    if (!saved) return;
    toast({
      variant: 'success',
      title: page ? 'Changes saved' : 'Draft saved',
      description: saved.status === 'published' ? `They show on ${saved.path} now.` : 'Preview it, then publish it when it is ready.',
    });
    if (!page) void navigate(editorPath(saved.id), { replace: true });
  };

  // The fields say what is wrong and the first of them gets the focus (<Form>); from the preview, back to them.
  const onInvalid = () => {
    if (tab !== 'edit') setTab('edit');
  };

  /** Publishing saves unsaved changes first (through the same schema), then publishes. */
  const publish = form.handleSubmit(
    async (values) => {
      if (!page) return;
      const current = isDirty ? await save(values) : page;
      if (!current) return setConfirming(null);
      try {
        const done = await change.mutateAsync({ kind: 'publish', id: current.id });
        toast({ variant: 'success', title: 'Published', description: `Live at ${'path' in done ? done.path : current.path}, and listed in the sitemap.` });
      } catch (err) {
        report(err, 'It was not published');
      }
      setConfirming(null);
    },
    () => {
      setConfirming(null);
      onInvalid();
    },
  );

  const unpublish = async () => {
    if (!page) return;
    try {
      await change.mutateAsync({ kind: 'unpublish', id: page.id });
      toast({ variant: 'success', title: 'Back to draft', description: `${page.path} no longer shows it.` });
    } catch (err) {
      report(err, 'It was not taken off the site');
    }
    setConfirming(null);
  };

  const remove = async () => {
    if (!page) return;
    try {
      await change.mutateAsync({ kind: 'delete', id: page.id });
      form.reset(form.getValues());
      toast({ variant: 'success', title: `${page.title} deleted` });
      void navigate(LIST_PATH);
    } catch (err) {
      report(err, 'It was not deleted');
      setConfirming(null);
    }
  };

  const title = useWatch({ control: form.control, name: 'title' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const published = page?.status === 'published';

  return (
    <div className="grid gap-6">
      <UnsavedChangesGuard when={isDirty} what="Your edits to this page" />
      <BackLink />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold wrap-break-word sm:text-4xl">{page ? page.title : 'New landing page'}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
            {page ? <LandingPageStatusBadge status={page.status} /> : <span>Saved as a draft: nobody sees it until you publish it.</span>}
            {page ? (
              <span>
                Last saved {dateTime.format(new Date(page.updated_at))}
                {page.updated_by ? ` by ${page.updated_by}` : ''}
              </span>
            ) : null}
            {published ? (
              <a href={page.path} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
                {page.path} <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {page ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirming('delete')} aria-label={`Delete ${page.title}`}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
          {page && published ? (
            <Button variant="outline" onClick={() => setConfirming('unpublish')}>
              <Undo2 aria-hidden="true" /> Unpublish
            </Button>
          ) : null}
          <Button type="submit" form={FORM_ID} variant={page && !published ? 'outline' : 'primary'} disabled={change.isPending || (page !== null && !isDirty)}>
            {page ? 'Save changes' : 'Create draft'}
          </Button>
          {page && !published ? (
            <Button onClick={() => setConfirming('publish')} disabled={change.isPending}>
              <Send aria-hidden="true" /> Publish
            </Button>
          ) : null}
        </div>
      </header>

      {page && isDirty ? (
        <p className="-mt-2 text-sm font-medium text-brand-700" role="status">
          Unsaved changes{published ? ': the public page shows the last saved version' : ''}.
        </p>
      ) : null}

      <EditorTabs tab={tab} onTab={setTab} />

      <div id="landing-editor-panel" role="tabpanel" aria-labelledby="landing-tab-edit" hidden={tab !== 'edit'}>
        <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid} id={FORM_ID} aria-label="Landing page" className="grid gap-5">
          <PageCard form={form} isNew={page === null} />
          <HeroCard form={form} />
          <SectionsCard form={form} />
          <CtaCard form={form} />
          <LinkPreviewCard form={form} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={change.isPending || (page !== null && !isDirty)}>
              {page ? 'Save changes' : 'Create draft'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setTab('preview')}>
              <Eye aria-hidden="true" /> Preview
            </Button>
          </div>
        </Form>
      </div>
      <div id="landing-preview-panel" role="tabpanel" aria-labelledby="landing-tab-preview" hidden={tab !== 'preview'}>
        {tab === 'preview' ? <PreviewPane form={form} slug={slug} published={published} /> : null}
      </div>

      <ConfirmDialog
        open={confirming === 'publish'}
        title={`Publish ${title || 'this page'}?`}
        description={
          <>
            <p>
              It goes live at <span className="font-mono font-semibold text-ink">{hrefs.landingPage(slug || page?.slug || '')}</span>, in the sitemap and open to
              search engines.
            </p>
            {isDirty ? <p className="mt-2">Your unsaved changes are saved first.</p> : null}
          </>
        }
        confirmLabel={isDirty ? 'Save and publish' : 'Publish'}
        pending={change.isPending}
        onConfirm={() => void publish()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'unpublish'}
        title={`Unpublish ${page?.title ?? 'this page'}?`}
        description={`${page?.path ?? 'Its address'} will say the page is not on display (404), and it leaves the sitemap. It stays here as a draft; you can publish it again.`}
        confirmLabel="Unpublish"
        destructive
        pending={change.isPending}
        onConfirm={() => void unpublish()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`Delete ${page?.title ?? 'this page'}?`}
        description={
          published
            ? `It is published: ${page?.path ?? 'its address'} will answer 404 for everyone who has the link. This cannot be undone.`
            : 'The draft and its sections are deleted. This cannot be undone.'
        }
        confirmLabel="Delete page"
        destructive
        pending={change.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

/** Edit / Preview as ARIA tabs: arrow keys move between them, each shows its panel. */
function EditorTabs({ tab, onTab }: { tab: Tab; onTab(t: Tab): void }) {
  const tabs: { id: Tab; label: string; Icon: typeof Pencil }[] = [
    { id: 'edit', label: 'Edit', Icon: Pencil },
    { id: 'preview', label: 'Preview', Icon: Eye },
  ];
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Tab = e.key === 'Home' ? 'edit' : e.key === 'End' ? 'preview' : tab === 'edit' ? 'preview' : 'edit';
    onTab(next);
    document.getElementById(`landing-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Editor" className="inline-flex w-fit rounded-full border border-line bg-white p-1 shadow-sm">
      {tabs.map(({ id, label, Icon }) => (
        <button
          key={id}
          id={`landing-tab-${id}`}
          type="button"
          role="tab"
          aria-selected={tab === id}
          aria-controls={id === 'edit' ? 'landing-editor-panel' : 'landing-preview-panel'}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => onTab(id)}
          onKeyDown={onKeyDown}
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none',
            tab === id ? 'bg-ink text-white' : 'text-ink-soft hover:text-ink',
          )}
        >
          <Icon className="size-4" aria-hidden="true" /> {label}
        </button>
      ))}
    </div>
  );
}

function PageCard({ form, isNew }: { form: Editor; isNew: boolean }) {
  const title = useWatch({ control: form.control, name: 'title' });
  // A new page's address follows its title until someone types one of their own.
  const slugEdited = useRef(!isNew);
  useEffect(() => {
    if (slugEdited.current) return;
    form.setValue('slug', slugFromTitle(title ?? ''), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }, [title, form]);
  return (
    <EditorCard title="The page" lead="Its name, its address and the line search engines and link previews show.">
      <FormTextField control={form.control} name="title" label="Title" description={`Shown as the browser tab and link preview title. At most ${LANDING_LIMITS.title} characters.`} />
      <FormTextField
        control={form.control}
        name="slug"
        label="Address"
        description={
          <>
            The page lives at <span className="font-mono">/l/{'{address}'}</span>: lower-case letters, digits and hyphens.
            {isNew ? ' Suggested from the title.' : ' Changing it breaks links to the old address.'}
          </>
        }
        onInput={() => {
          slugEdited.current = true;
        }}
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormTextArea
        control={form.control}
        name="meta_description"
        label="Description"
        description="One or two sentences: what search results and link previews say under the title."
        advised={LANDING_LIMITS.metaDescriptionAdvised}
        advisedNote="Search engines usually cut it after about 160 characters."
        rows={2}
      />
    </EditorCard>
  );
}

function HeroCard({ form }: { form: Editor }) {
  const image = useWatch({ control: form.control, name: 'hero_image_url' });
  const upload = useUploadLandingImage();
  const inputId = useId();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        form.setValue('hero_image_url', url, { shouldDirty: true, shouldValidate: true });
        toast({ variant: 'success', title: 'Picture uploaded', description: 'Describe it in the text alternative below, unless it is decoration.' });
      },
      onError: (err) => {
        form.setError('hero_image_url', { type: 'server', message: err.message });
      },
    });
  };
  return (
    <EditorCard title="Hero" lead="The top of the page: a headline, a line under it and a picture. The button comes from the call to action below.">
      <FormTextField control={form.control} name="hero_heading" label="Headline" description="The page's one big line (its h1)." />
      <FormTextArea control={form.control} name="hero_subheading" label="Subheading" description="Optional. A sentence or two under the headline." rows={2} />
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormTextField
          control={form.control}
          name="hero_image_url"
          label="Picture"
          description="Optional. Upload one (PNG, JPEG, WebP or GIF, up to 5 MB), or give its path on this site (/…)."
        />
        <label
          htmlFor={inputId}
          className={cn(buttonVariants({ variant: 'outline' }), 'cursor-pointer focus-within:ring-4 focus-within:ring-brand-200', upload.isPending && 'opacity-60')}
        >
          <ImageUp aria-hidden="true" /> {upload.isPending ? 'Uploading…' : 'Upload a picture'}
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {image ? (
        <div className="flex items-start gap-4">
          <img src={image} alt="" className="h-24 w-32 shrink-0 rounded-xl border border-line bg-paper object-cover" data-testid="hero-image-thumb" />
          <FormTextField control={form.control} name="hero_image_alt" label="Text alternative" description="What the picture shows, for people who cannot see it. Leave empty if it is decoration." className="min-w-0 flex-1" />
        </div>
      ) : null}
    </EditorCard>
  );
}

function SectionsCard({ form }: { form: Editor }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'sections' });
  const [removing, setRemoving] = useState<number | null>(null);
  const full = fields.length >= LANDING_LIMITS.sections;
  return (
    <EditorCard
      title="Sections"
      lead={
        <>
          Each section has a heading and its text in Markdown: <code className="font-mono">**bold**</code>, <code className="font-mono">_italic_</code>,{' '}
          <code className="font-mono">[a link](https://…)</code>, lists, <code className="font-mono">&gt; quotes</code>. HTML is shown as text, never run.
        </>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-muted">No sections: the page is its hero and its button. Add one to say more.</p> : null}
      <ol className="grid gap-4">
        {fields.map((f, i) => (
          <li key={f.id} className="rounded-2xl border border-line bg-paper/60 p-4" data-testid="landing-section">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold tracking-widest text-muted uppercase">Section {i + 1}</p>
              <div className="flex gap-1">
                <Button type="button" size="icon" variant="ghost" className="size-9" aria-label={`Move section ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button type="button" size="icon" variant="ghost" className="size-9" aria-label={`Move section ${i + 1} down`} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button type="button" size="icon" variant="ghost" className="size-9" aria-label={`Remove section ${i + 1}`} onClick={() => setRemoving(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
            <div className="mt-3 grid gap-4">
              <FormTextField control={form.control} name={`sections.${i}.heading`} label={`Section ${i + 1} heading`} description="Optional." />
              <FormTextArea control={form.control} name={`sections.${i}.markdown`} label={`Section ${i + 1} text (Markdown)`} rows={8} textareaClassName="font-mono text-sm leading-relaxed" />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => append({ heading: '', markdown: '' })}>
          <Plus aria-hidden="true" /> Add a section
        </Button>
        {full ? <p className="mt-1 text-xs text-muted">A page has at most {LANDING_LIMITS.sections} sections.</p> : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove section ${(removing ?? 0) + 1}?`}
        description="Its heading and text leave the form. Nothing changes on the site until you save."
        confirmLabel="Remove section"
        destructive
        onConfirm={() => {
          if (removing !== null) remove(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </EditorCard>
  );
}

function CtaCard({ form }: { form: Editor }) {
  const kind = useWatch({ control: form.control, name: 'cta_kind' });
  const targets = useCtaTargets();
  const awardOptions = useMemo(() => (targets.data?.awards ?? []).map((a) => ({ value: a.id, label: a.is_active ? a.title : `${a.title} (inactive)` })), [targets.data]);
  const productOptions = useMemo(() => (targets.data?.products ?? []).map((p) => ({ value: p.id, label: p.is_active ? p.name : `${p.name} (not in the store)` })), [targets.data]);
  return (
    <EditorCard title="Call to action" lead="The button in the hero and again at the end of the page.">
      <FormTextField control={form.control} name="cta_label" label="Button text" description="Say what happens: “Nominate a colleague”, “Print it”." />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField control={form.control} name="cta_kind" label="Leads to" options={LANDING_CTA_KINDS.map((k) => ({ value: k, label: LANDING_CTA_KIND_LABELS[k] }))} />
        {targets.isError ? (
          <Notice tone="error" title="The awards and products did not load">
            {targets.error.message}
          </Notice>
        ) : (
          <FormSelectField
            key={kind === 'product' ? 'product' : 'award'}
            control={form.control}
            name={kind === 'product' ? 'cta_product_id' : 'cta_award_id'}
            label={kind === 'product' ? 'Product' : 'Award'}
            placeholder={targets.isPending ? 'Loading...' : kind === 'product' ? 'Choose a product' : 'Choose an award'}
            options={kind === 'product' ? productOptions : awardOptions}
            description={kind === 'award_store' ? 'The store opens with this award chosen.' : kind === 'product' ? 'The button opens the store.' : 'The nomination form opens with this award chosen.'}
          />
        )}
      </div>
    </EditorCard>
  );
}

function LinkPreviewCard({ form }: { form: Editor }) {
  return (
    <EditorCard title="Link preview" lead="The picture a chat or social network shows when someone pastes the address.">
      <FormTextField
        control={form.control}
        name="og_image_url"
        label="Preview picture"
        description="Optional: a path on this site or an https:// address, 1200 × 630 works best. Without one, the hero picture is used, then the site’s own card."
      />
    </EditorCard>
  );
}

/** The server's rendering of what the form holds now (sanitised exactly as the public page is), in the page's own look. */
function PreviewPane({ form, slug, published }: { form: Editor; slug: string; published: boolean }) {
  const values = useWatch({ control: form.control });
  const body = useDebouncedValue(previewBodyOf(values as Partial<LandingForm>), 250);
  const preview = useLandingPreview(body);
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-paper shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line bg-white px-4 py-2.5 text-sm">
        <p className="font-mono text-xs text-muted">{hrefs.landingPage(slug || 'your-address')}</p>
        <p className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', published ? 'bg-emerald-100 text-emerald-900' : 'bg-gold/30 text-ink')}>
          {published ? 'Preview of your edits: the public page shows the last saved version' : 'Preview: not public until published'}
        </p>
      </div>
      {preview.isError ? (
        <Notice tone="error" title="The preview could not be made" className="m-4">
          {preview.error.message}
        </Notice>
      ) : preview.data ? (
        <div className={cn('transition-opacity', preview.isPlaceholderData && 'opacity-60')} data-testid="landing-preview">
          <LandingPageView page={preview.data} preview />
        </div>
      ) : (
        <div className="p-6" aria-busy="true">
          <p className="sr-only" role="status">
            Loading...
          </p>
          <Skeleton className="h-12 w-2/3 rounded-lg" />
          <Skeleton className="mt-4 h-6 w-1/2 rounded" />
          <Skeleton className="mt-8 h-40 w-full rounded-2xl" />
        </div>
      )}
    </div>
  );
}
