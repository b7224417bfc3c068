import { ArrowRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { DesignTemplate } from '@/contract/templates';
import { NOMINATION_LIMITS } from '@/contract/nominations-constants';
import { hrefs } from '@/contract/paths';
import { LivePreview, PREVIEW_DEBOUNCE_MS } from '@/web/components/certificates/live-preview';
import { buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TextAreaField } from '@/web/components/ui/text-area-field';
import { TextField } from '@/web/components/ui/text-field';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useAwards } from '@/web/lib/api/get-awards';
import { useTemplates } from '@/web/lib/api/get-templates';
import { toPreviewBody, type DraftFields, type NominationDraft } from '@/web/lib/nomination-draft';
import { cn } from '@/web/lib/utils';

export const SAMPLE = { nominee_name: 'Dana Okafor', reason: 'For replying “sounds good” to 214 messages in one afternoon, none of them read.' };

function TemplateCard({ template, draft, body }: { template: DesignTemplate; draft: NominationDraft; body: ReturnType<typeof toPreviewBody> }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} data-testid="template-card" className="flex flex-col rounded-3xl border border-line bg-white p-4 shadow-card sm:p-5">
      <LivePreview body={body ? { ...body, template_id: template.id } : null} alt={`${template.name} design, filled in with your words`} announce={false} />
      <div className="mt-5 flex flex-1 flex-col gap-4">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-2xl font-semibold">
            {template.name}
          </h2>
          {template.description ? <p className="mt-1 text-sm text-ink-soft">{template.description}</p> : null}
        </div>
        <Link
          to={hrefs.nominateTemplate(template.slug)}
          state={{ draft }}
          className={cn(buttonVariants({ size: 'sm' }), 'self-start')}
          aria-label={`Use the ${template.name} design`}
        >
          Use this template <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}

/** /dynamic-templates: every active design applied to the visitor's own words, redrawn as they type. */
export function TemplateShowcase() {
  const templates = useTemplates();
  const awards = useAwards();
  const [name, setName] = useState(SAMPLE.nominee_name);
  const [reason, setReason] = useState(SAMPLE.reason);
  const [awardId, setAwardId] = useState('');
  const selectId = useId();
  const award = awards.data?.find((a) => a.id === awardId) ?? awards.data?.[0];

  const values: DraftFields = { award_id: award?.id ?? '', nominee_name: name, reason, nominator_name: 'A. Colleague' };
  const body = useDebouncedValue(toPreviewBody(values), PREVIEW_DEBOUNCE_MS);
  const draft: NominationDraft = {
    ...(awardId ? { award_id: awardId } : {}),
    ...(name.trim() && name !== SAMPLE.nominee_name ? { nominee_name: name.trim() } : {}),
    ...(reason.trim() && reason !== SAMPLE.reason ? { reason: reason.trim() } : {}),
  };

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <form
        aria-label="Sample wording"
        onSubmit={(e) => e.preventDefault()}
        className="space-y-4 rounded-3xl border border-line bg-white p-5 shadow-card lg:sticky lg:top-24"
      >
        <p className="font-display text-xl font-semibold">Try your own words</p>
        <TextField label="Name" value={name} maxLength={NOMINATION_LIMITS.name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        <TextAreaField label="Reason" value={reason} maxLength={NOMINATION_LIMITS.reason} rows={4} onChange={(e) => setReason(e.target.value)} />
        <div>
          <label htmlFor={selectId} className="block text-sm font-semibold">
            Award
          </label>
          <select
            id={selectId}
            value={award?.id ?? ''}
            onChange={(e) => setAwardId(e.target.value)}
            disabled={!awards.data}
            className="mt-1.5 block h-11 w-full rounded-xl border border-line bg-white px-3 text-base shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
          >
            {(awards.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </div>
        <p className="text-xs text-muted">The designs redraw a moment after you stop typing. Your words come with you when you pick one.</p>
        <p className="sr-only" role="status" aria-live="polite">
          {body ? `Designs redrawn for ${body.nominee_name || 'the sample name'}.` : ''}
        </p>
      </form>

      <div className="min-w-0">
        {templates.isError ? (
          <Notice tone="error" title="The designs did not load">
            {templates.error.message}
          </Notice>
        ) : null}
        <div className="grid gap-6 xl:grid-cols-2">
          {templates.isPending
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="aspect-[297/250] w-full rounded-3xl" />)
            : (templates.data ?? []).map((t) => <TemplateCard key={t.id} template={t} draft={draft} body={body} />)}
        </div>
      </div>
    </div>
  );
}
