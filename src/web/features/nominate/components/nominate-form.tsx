import { Eye, Frame, Globe2, Link2, Lock, MailCheck, Send } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NOMINATION_LIMITS } from '@/contract/nominations-constants';
import { paths } from '@/contract/paths';
import { LivePreview, PREVIEW_DEBOUNCE_MS } from '@/web/components/certificates/live-preview';
import { Button } from '@/web/components/ui/button';
import { Form, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { TextAreaField } from '@/web/components/ui/text-area-field';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { trackEvent } from '@/web/lib/analytics';
import { ApiRequestError } from '@/web/lib/api-client';
import { useAwards } from '@/web/lib/api/get-awards';
import { useTemplates } from '@/web/lib/api/get-templates';
import { useAuth } from '@/web/lib/auth';
import { draftFromState, toPreviewBody } from '@/web/lib/nomination-draft';
import { cn } from '@/web/lib/utils';
import { useCreateNomination } from '../api/create-nomination';
import {
  emptyNomination,
  NOMINATION_SERVER_FIELDS,
  nominationFormSchema,
  submitLabel,
  toCreateBody,
  type NominationFormOutput,
  type NominationFormValues,
} from '../lib/nomination-form';
import { saveNominationResult } from '../lib/success-store';
import { AwardPicker } from './award-picker';
import { FormStep } from './form-bits';
import { TemplatePicker } from './template-picker';

/**
 * /nominate: one page, six short steps, the certificate drawing itself beside them. The award
 * (?award=) and design (?template=) can arrive pre-chosen from the gallery and the designs page.
 */
export function NominateForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const awards = useAwards();
  const templates = useTemplates();
  const create = useCreateNomination();
  const awardLabelId = useId();
  const previewRef = useRef<HTMLDivElement>(null);
  const [missingAward, setMissingAward] = useState(false);

  // The one form kit (docs/decisions/060): <Form> focuses the first invalid field in page order.
  const form = useZodForm<NominationFormValues, NominationFormOutput>(nominationFormSchema, {
    defaultValues: emptyNomination,
    mode: 'onTouched',
  });
  const { register, control, setValue, setFocus, getFieldState, formState } = form;
  const { errors, isSubmitting } = formState;

  // Words typed on /dynamic-templates come along (router state): filled in once.
  const location = useLocation();
  const [draft] = useState(() => draftFromState(location.state));
  useEffect(() => {
    if (!draft) return;
    if (draft.nominee_name) setValue('nominee_name', draft.nominee_name, { shouldDirty: true });
    if (draft.reason) setValue('reason', draft.reason, { shouldDirty: true });
  }, [draft, setValue]);
  const awardFromDraft = draft?.award_id;

  // ?award= from a gallery card, once the list is here (an award no longer issued is said so).
  const awardParam = params.get('award') ?? awardFromDraft ?? null;
  useEffect(() => {
    if (!awardParam || !awards.data) return;
    if (awards.data.some((a) => a.id === awardParam)) {
      if (!getFieldState('award_id').isDirty) setValue('award_id', awardParam);
    } else setMissingAward(true);
  }, [awardParam, awards.data, setValue, getFieldState]);

  // ?template= (a slug) from /dynamic-templates; otherwise the first design.
  const templateParam = params.get('template');
  useEffect(() => {
    if (!templates.data?.length || getFieldState('template_id').isDirty) return;
    const wanted = templates.data.find((t) => t.slug === templateParam) ?? templates.data[0]!;
    setValue('template_id', wanted.id);
  }, [templateParam, templates.data, setValue, getFieldState]);

  // Signed in: "from" is filled in (a name that is only the email stays empty: it would be printed).
  useEffect(() => {
    if (!user) return;
    if (!getFieldState('nominator_name').isDirty && user.full_name && user.full_name !== user.email) setValue('nominator_name', user.full_name);
    if (!getFieldState('nominator_email').isDirty) setValue('nominator_email', user.email);
  }, [user, setValue, getFieldState]);

  const [awardId, templateId, nomineeName, reason, nominatorName] = useWatch({
    control,
    name: ['award_id', 'template_id', 'nominee_name', 'reason', 'nominator_name'],
  });
  const previewBody = useDebouncedValue(
    useMemo(
      () => toPreviewBody({ award_id: awardId, template_id: templateId, nominee_name: nomineeName, reason, nominator_name: nominatorName }),
      [awardId, templateId, nomineeName, reason, nominatorName],
    ),
    PREVIEW_DEBOUNCE_MS,
  );
  const award = awards.data?.find((a) => a.id === awardId);
  const visibility = useWatch({ control, name: 'visibility' });
  const firstName = (nomineeName ?? '').trim().split(/\s+/)[0] || 'they';
  const previewAlt = award
    ? `Certificate preview: ${award.title}, awarded to ${(nomineeName ?? '').trim() || 'your nominee'}`
    : 'Certificate preview';

  const onSubmit = async (values: NominationFormOutput) => {
    try {
      const result = await create.mutateAsync(toCreateBody(values));
      trackEvent('nomination_created', { award_id: values.award_id, visibility: values.visibility });
      saveNominationResult(result);
      navigate(paths.nominateSuccess, { state: result });
    } catch (err) {
      if (!(err instanceof ApiRequestError)) throw err;
      // A refusal naming a field goes under it (the server's field names mapped onto this form's).
      if (err.status === 400 && showFieldError(form, err, { fields: NOMINATION_SERVER_FIELDS })) return;
      toast({
        title: err.status === 429 ? 'That is a lot of nominations for one hour' : 'The nomination was not filed',
        description: err.message,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-10">
      {/* The preview: first on phones (the payoff, visible at once), beside the form from lg. */}
      <aside aria-label="Live preview" className="lg:order-last">
        <div ref={previewRef} className="scroll-mt-24 lg:sticky lg:top-24">
          <LivePreview body={previewBody} alt={previewAlt} />
          <p className="mt-3 hidden text-center text-xs text-muted lg:block">
            Drawn by the same press that prints the real thing. The QR code opens its page once it is filed.
          </p>
          <ol className="mt-6 hidden gap-3 rounded-3xl border border-line bg-white/60 p-5 text-sm lg:grid">
            <li className="flex gap-3">
              <Link2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <strong className="font-semibold">You get a link</strong> to the certificate, ready for the group chat.
              </span>
            </li>
            <li className="flex gap-3">
              <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <strong className="font-semibold">{firstName === 'they' ? 'They get' : `${firstName} gets`} a claim link</strong>, by
                email or from you, to accept the honour or decline it.
              </span>
            </li>
            <li className="flex gap-3">
              <Frame className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <strong className="font-semibold">Frame it</strong>, if you like: we print and ship worldwide.
              </span>
            </li>
          </ol>
        </div>
      </aside>

      <Form form={form} onSubmit={onSubmit} aria-label="Nomination" className="relative min-w-0 space-y-5">
        {missingAward ? (
          <Notice title="That award is no longer issued">The committee retired it. Please choose another below.</Notice>
        ) : null}

        <FormStep step={1} title="The award" lead="What did they do? Search, or browse by category." labelId={awardLabelId}>
          <Controller
            control={control}
            name="award_id"
            render={({ field, fieldState }) => (
              <AwardPicker
                awards={awards.data}
                loading={awards.isPending}
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
                  setMissingAward(false);
                }}
                onChosen={() => requestAnimationFrame(() => setFocus('nominee_name'))}
                error={fieldState.error?.message}
                inputRef={field.ref}
                labelId={awardLabelId}
              />
            )}
          />
          {awards.isError ? (
            <Notice tone="error" title="The awards did not load">
              {awards.error.message}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void awards.refetch()}>
                Try again
              </button>
            </Notice>
          ) : null}
        </FormStep>

        <FormStep step={2} title="The nominee" lead="The person whose achievement deserves recognition.">
          <TextField
            label="Nominee's name"
            autoComplete="off"
            maxLength={NOMINATION_LIMITS.name}
            placeholder="Dana Okafor"
            error={errors.nominee_name?.message}
            {...register('nominee_name')}
          />
          <TextField
            label="Their email (optional)"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            placeholder="dana@example.com"
            description="We'll send them a claim link. Leave it empty and you get the link on the next page to send yourself."
            error={errors.nominee_email?.message}
            {...register('nominee_email')}
          />
        </FormStep>

        <FormStep step={3} title="The citation" lead="Roast the habit, not the person. Affection beats brutality every time.">
          <TextAreaField
            label="Reason"
            rows={4}
            maxLength={NOMINATION_LIMITS.reason}
            count={(reason ?? '').length}
            placeholder={award ? award.description : 'For replying “sounds good” to messages they had not read.'}
            description="Leave it empty and the certificate uses the award's official citation."
            error={errors.reason?.message}
            {...register('reason')}
          />
        </FormStep>

        <FormStep step={4} title="The design" lead="Five house styles. The preview follows your choice.">
          <TemplatePicker templates={templates.data} loading={templates.isPending} value={templateId ?? ''} field={register('template_id')} />
          {templates.isError ? <Notice tone="error" title="The designs did not load">The classic design will be used.</Notice> : null}
        </FormStep>

        <FormStep step={5} title="From" lead="Who is doing the nominating.">
          <TextField
            label="Your name (optional)"
            autoComplete="name"
            maxLength={NOMINATION_LIMITS.name}
            placeholder="Anonymous"
            description="Printed on the certificate. Leave it empty to stay Anonymous."
            error={errors.nominator_name?.message}
            {...register('nominator_name')}
          />
          <TextField
            label="Your email (optional)"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            description="Never printed on the certificate or shown on the wall."
            error={errors.nominator_email?.message}
            {...register('nominator_email')}
          />
        </FormStep>

        <FormStep step={6} title="Who can see it" lead={`Either way, ${firstName === 'they' ? 'the nominee' : firstName} can decline, and then it is withdrawn.`}>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                {
                  value: 'public',
                  Icon: Globe2,
                  title: 'Public',
                  text: `On the community wall once ${firstName === 'they' ? 'the nominee' : firstName} accepts, where anyone can see it and react.`,
                },
                { value: 'private', Icon: Lock, title: 'Private', text: 'Only people with the link. Not on the wall, not in search engines.' },
              ] as const
            ).map(({ value, Icon, title, text }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-200',
                  visibility === value ? 'border-brand-600 bg-brand-50/60' : 'border-line hover:border-ink/40',
                )}
              >
                <input type="radio" value={value} {...register('visibility')} className="mt-1 size-4 shrink-0 accent-brand-600" />
                <span>
                  <span className="flex items-center gap-1.5 font-semibold">
                    <Icon className="size-4" aria-hidden="true" />
                    {title}
                  </span>
                  <span className="mt-0.5 block text-sm text-ink-soft">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </FormStep>

        {/* Honeypot: people never see or fill it; bots that fill every field are refused. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </label>
        </div>

        <p className="px-1 text-xs text-muted">
          Free to make and share. By nominating you agree to the{' '}
          <Link to={paths.termsOfService} className="underline">
            terms
          </Link>
          . Be kind: it is meant to make them laugh.
        </p>

        {/* Sticks to the bottom of the screen on phones while the form is in view. */}
        <div className="sticky bottom-0 z-20 -mx-4 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="inline-flex h-13 shrink-0 items-center gap-1.5 rounded-full border border-line bg-white px-4 text-sm font-semibold text-ink hover:border-ink lg:hidden"
              onClick={() => previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              <Eye className="size-4" aria-hidden="true" />
              Preview
            </button>
            <Button type="submit" size="lg" className="min-w-0 flex-1 lg:flex-none" disabled={isSubmitting}>
              <Send aria-hidden="true" />
              <span className="truncate">{isSubmitting ? 'Filing the paperwork…' : submitLabel(nomineeName)}</span>
            </Button>
          </div>
        </div>
      </Form>
    </div>
  );
}
