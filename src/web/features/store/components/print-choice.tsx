import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Award } from '@/contract/awards';
import type { Certificate } from '@/contract/nominations';
import { hrefs, paths } from '@/contract/paths';
import { SHOP_LIMITS } from '@/contract/shop-constants';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TextField } from '@/web/components/ui/text-field';
import { useAwards } from '@/web/lib/api/get-awards';
import { certificateQueryOptions } from '@/web/lib/api/get-certificate';
import { useTemplates } from '@/web/lib/api/get-templates';
import { findAwardByParam } from '../lib/award-param';
import { shareIdFrom } from '../lib/variant-options';
import { OptionCard } from './option-card';

export type PrintSelection =
  | { kind: 'award'; awardId: string; awardTitle: string; recipientName: string; templateId: string | null }
  | { kind: 'certificate'; certificate: Certificate };

const selectClass =
  'mt-1.5 block h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none';

/** Awards grouped by category for the <select>, in the gallery's order; uncategorised ones last. */
function groupAwards(awards: Award[]) {
  const groups = new Map<string, Award[]>();
  for (const a of awards) {
    const name = a.category?.name ?? 'More awards';
    groups.set(name, [...(groups.get(name) ?? []), a]);
  }
  return [...groups];
}

function AwardFields({
  awardId,
  setAwardId,
  recipient,
  setRecipient,
  templateId,
  setTemplateId,
  missingAward,
}: {
  awardId: string;
  setAwardId: (id: string) => void;
  recipient: string;
  setRecipient: (name: string) => void;
  templateId: string;
  setTemplateId: (id: string) => void;
  missingAward: boolean;
}) {
  const awards = useAwards();
  const templates = useTemplates();
  const awardField = useId();
  const designField = useId();
  const grouped = useMemo(() => groupAwards(awards.data ?? []), [awards.data]);

  if (awards.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (awards.isError)
    return (
      <Notice tone="error" title="The awards did not load">
        <p>Check your connection and try again.</p>
        <Button size="sm" className="mt-3" onClick={() => void awards.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  return (
    <div className="grid gap-4">
      {missingAward ? (
        <Notice title="That award is no longer in the gallery">Choose another one below.</Notice>
      ) : null}
      <div>
        <label htmlFor={awardField} className="block text-sm font-semibold">
          Award
        </label>
        <select id={awardField} className={selectClass} value={awardId} onChange={(e) => setAwardId(e.target.value)}>
          <option value="" disabled>
            Choose an award…
          </option>
          {grouped.map(([category, list]) => (
            <optgroup key={category} label={category}>
              {list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <TextField
        label="Name on the certificate"
        description="Who earned it. Leave it empty for a blank line to fill in by hand."
        value={recipient}
        maxLength={SHOP_LIMITS.recipientName}
        autoComplete="off"
        onChange={(e) => setRecipient(e.target.value)}
      />
      {templates.data && templates.data.length > 1 ? (
        <div>
          <label htmlFor={designField} className="block text-sm font-semibold">
            Design
          </label>
          <select
            id={designField}
            className={selectClass}
            value={templateId || templates.data[0]!.id}
            onChange={(e) => setTemplateId(e.target.value)}
          >
            {templates.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

function CertificateFields({
  shareId,
  setShareId,
  certificate,
}: {
  shareId: string | null;
  setShareId: (id: string | null) => void;
  certificate: UseQueryResult<Certificate>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);

  if (shareId && certificate.isPending) return <Skeleton className="h-28 rounded-2xl" data-testid="certificate-choice-skeleton" />;
  if (shareId && certificate.isError)
    return (
      <Notice tone="error" title="We could not find that certificate">
        <p>The link may be mistyped, or the certificate was withdrawn. Try another link, or print an award from the gallery instead.</p>
        <Button size="sm" variant="outline" className="mt-3" onClick={() => setShareId(null)}>
          Use another certificate
        </Button>
      </Notice>
    );
  if (shareId && certificate.data) {
    const c = certificate.data;
    return (
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-3 sm:flex-row sm:items-center">
        <img src={c.urls.svg} alt="" className="aspect-[297/210] w-full rounded-md object-contain ring-1 ring-ink/10 sm:w-36" />
        <div className="min-w-0 flex-1">
          <p className="font-display text-lg leading-snug font-semibold">{c.award.title}</p>
          <p className="text-sm text-ink-soft">Awarded to {c.nominee_name}</p>
          <p className="text-xs text-muted">Certificate No. {c.certificate_number}</p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={hrefs.certificate(c.share_id)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              View the certificate
            </Link>
            <button type="button" className="font-semibold text-brand-700 underline-offset-4 hover:underline" onClick={() => setShareId(null)}>
              Choose another
            </button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const id = shareIdFrom(text);
        if (!id) {
          setError("Paste the certificate's link (it contains /certificate/) or its 16-character code.");
          field.current?.focus();
          return;
        }
        setError(undefined);
        setShareId(id);
      }}
      className="grid gap-3"
    >
      <TextField
        ref={field}
        label="Certificate link or code"
        description={
          <>
            It is on the certificate&apos;s page, in the claim mail, or in{' '}
            <Link to={paths.account} className="underline underline-offset-2">
              your account
            </Link>
            .
          </>
        }
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
        placeholder="https://…/certificate/…"
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" className="justify-self-start">
        Use this certificate
      </Button>
    </form>
  );
}

/**
 * What the store shows before anyone chooses: the award asked for (`?award=`), else the gallery's first, with no
 * name — known at the first render when the awards are (the server renders the store with them), so the page
 * arrives with its picture. A certificate asked for (`?certificate=`) is chosen once it has loaded.
 */
export function initialPrintSelection(awards: Award[] | undefined, awardParam: string | null, certificateParam: string | null): PrintSelection | null {
  if (certificateParam) return null;
  const award = awardParam === null ? awards?.[0] : findAwardByParam(awards, awardParam);
  return award ? { kind: 'award', awardId: award.id, awardTitle: award.title, recipientName: '', templateId: null } : null;
}

/**
 * Step 1 of the store: an award from the gallery with a name (and a design), or a certificate already issued.
 * `?award=` and `?certificate=` choose at the start, and the URL follows the choice so a reload keeps it.
 */
export function PrintChoice({
  awardParam,
  certificateParam,
  onParams,
  onChange,
}: {
  awardParam: string | null;
  certificateParam: string | null;
  onParams: (params: Record<string, string>) => void;
  onChange: (selection: PrintSelection | null) => void;
}) {
  const initialShare = certificateParam ? shareIdFrom(certificateParam) : null;
  const awards = useAwards();
  const [mode, setMode] = useState<'award' | 'certificate'>(certificateParam ? 'certificate' : 'award');
  const [awardId, setAwardId] = useState(() =>
    awardParam === null ? (awards.data?.[0]?.id ?? '') : (findAwardByParam(awards.data, awardParam)?.id ?? awardParam),
  );
  const [recipient, setRecipient] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [shareId, setShareId] = useState<string | null>(initialShare);
  const certificate = useQuery({ ...certificateQueryOptions(shareId ?? ''), enabled: mode === 'certificate' && shareId !== null });

  const award = awards.data?.find((a) => a.id === awardId) ?? null;
  const missingAward = awardId !== '' && awards.isSuccess && award === null;

  // No award asked for: start with the gallery's first, so there is something to look at (when they load late).
  useEffect(() => {
    if (awardId === '' && !awardParam && awards.data?.[0]) setAwardId(awards.data[0].id);
  }, [awardId, awardParam, awards.data]);

  // The URL follows the choice (replace, not push: choosing is not navigating).
  useEffect(() => {
    if (mode === 'certificate') onParams(shareId ? { certificate: shareId } : {});
    else onParams(award ? { award: award.id } : {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onParams is a fresh function each render
  }, [mode, shareId, award?.id]);

  const selection: PrintSelection | null =
    mode === 'certificate'
      ? certificate.data && shareId
        ? { kind: 'certificate', certificate: certificate.data }
        : null
      : award
        ? { kind: 'award', awardId: award.id, awardTitle: award.title, recipientName: recipient, templateId: templateId || null }
        : null;
  const selectionKey = JSON.stringify(selection?.kind === 'certificate' ? selection.certificate.share_id : selection);
  useEffect(() => {
    onChange(selection);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the selection
  }, [selectionKey]);

  return (
    <div className="grid gap-4">
      <fieldset>
        <legend className="sr-only">Print</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <OptionCard name="print-source" value="award" checked={mode === 'award'} onChange={() => setMode('award')}>
            <span className="font-semibold text-ink">An award from the gallery</span>
            <span className="block text-xs text-muted">With any name on it</span>
          </OptionCard>
          <OptionCard name="print-source" value="certificate" checked={mode === 'certificate'} onChange={() => setMode('certificate')}>
            <span className="font-semibold text-ink">A certificate already issued</span>
            <span className="block text-xs text-muted">A nomination you made or received</span>
          </OptionCard>
        </div>
      </fieldset>
      {mode === 'award' ? (
        <AwardFields
          awardId={missingAward ? '' : awardId}
          setAwardId={setAwardId}
          recipient={recipient}
          setRecipient={setRecipient}
          templateId={templateId}
          setTemplateId={setTemplateId}
          missingAward={missingAward}
        />
      ) : (
        <CertificateFields shareId={shareId} setShareId={setShareId} certificate={certificate} />
      )}
      {mode === 'award' ? (
        <p className="text-xs text-muted">
          Not sure which?{' '}
          <Link to={paths.gallery} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Browse the gallery
          </Link>{' '}
          or{' '}
          <Link to={paths.nominate} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            nominate someone
          </Link>{' '}
          first.
        </p>
      ) : null}
    </div>
  );
}
