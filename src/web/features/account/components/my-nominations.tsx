import { ExternalLink, Globe2, KeyRound, Lock, Printer } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { MyNominations as MyNominationsData } from '@/contract/nominations';
import { hrefs, paths } from '@/contract/paths';
import { StatusBadge } from '@/web/components/certificates/status-badge';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { CopyField } from '@/web/components/ui/copy-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { absoluteUrl } from '@/web/lib/absolute-url';
import { textLink } from '@/web/lib/styles';
import { issuedDate } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useCreateClaimLink } from '../api/create-claim-link';
import { useMyNominations } from '../api/get-my-nominations';

type Made = MyNominationsData['made'][number];
type Received = MyNominationsData['received'][number];

function Row({ c, made, onNewLink }: { c: Made | Received; made: boolean; onNewLink?: (opener: HTMLElement) => void }) {
  const withdrawn = c.hidden || c.status === 'declined';
  return (
    <li className="flex gap-4 py-4" data-testid={made ? 'made-nomination' : 'received-nomination'}>
      <div className="w-20 shrink-0 sm:w-28">
        {withdrawn ? (
          <div className="flex aspect-[297/210] items-center justify-center rounded-md bg-paper-dark text-[0.65rem] font-semibold text-muted uppercase">
            Withdrawn
          </div>
        ) : (
          <img src={c.urls.svg} alt="" loading="lazy" className="aspect-[297/210] w-full rounded-md bg-white object-contain shadow-sm ring-1 ring-line" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere">{made ? c.nominee_name : c.award.title}</span>
          <StatusBadge status={c.hidden ? 'hidden' : c.status} />
        </p>
        <p className="text-sm text-brand-700">{made ? c.award.title : `From ${c.nominator_name}`}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span className="font-mono">{c.certificate_number}</span>
          <span aria-hidden="true">·</span>
          <span>{issuedDate(c.issued_at)}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            {c.is_public ? <Globe2 className="size-3" aria-hidden="true" /> : <Lock className="size-3" aria-hidden="true" />}
            {c.is_public ? 'Public' : 'Private'}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          {withdrawn ? (
            <span className="text-sm text-muted">{c.hidden ? 'Hidden by our moderators.' : 'The nominee declined it.'}</span>
          ) : (
            <Link to={hrefs.certificate(c.share_id)} className={textLink} aria-label={`View certificate ${c.certificate_number}`}>
              View certificate <ExternalLink aria-hidden="true" />
            </Link>
          )}
          {withdrawn ? null : (
            <Link to={hrefs.storeCertificate(c.share_id)} className={textLink} aria-label={`Get certificate ${c.certificate_number} printed`}>
              <Printer aria-hidden="true" /> Get it printed
            </Link>
          )}
          {made && c.status === 'pending' && !c.hidden && onNewLink ? (
            <button type="button" onClick={(e) => onNewLink(e.currentTarget)} className={textLink}>
              <KeyRound aria-hidden="true" />
              New claim link
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

interface NewLink {
  nominee: string;
  url: string;
  mailed: boolean;
  email: string | null;
}

/** What happens to the link the nominee may already hold, said before anything happens. */
function ConfirmNewLink({ c, pending, onConfirm, onCancel }: { c: Made; pending: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <>
      <span className="flex size-11 items-center justify-center rounded-full bg-gold/25 text-gold-dark">
        <KeyRound className="size-5" aria-hidden="true" />
      </span>
      <DialogTitle className="mt-4 wrap-anywhere">Make a new claim link for {c.nominee_name}?</DialogTitle>
      <DialogDescription>
        {c.nominee_email
          ? `Any link ${c.nominee_name} already has stops working at once, including the one in the email we sent. We will email the new link to ${c.nominee_email} and show it to you here, once.`
          : `The link you passed on to ${c.nominee_name} stops working at once. You will see the new one here, once, to send them yourself.`}
      </DialogDescription>
      <p className="mt-3 text-sm text-ink-soft">Only worth it if the old link is lost or went to the wrong person.</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Keep the old link
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? 'Making a link…' : 'Make a new link'}
        </Button>
      </div>
    </>
  );
}

function NewLinkResult({ link, onDone }: { link: NewLink; onDone(): void }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The question's buttons are gone: focus moves to the news, so a screen reader hears it.
  useEffect(() => title.current?.focus(), []);
  return (
    <>
      <DialogTitle ref={title} tabIndex={-1} className="outline-none wrap-anywhere">
        A fresh claim link for {link.nominee}
      </DialogTitle>
      <DialogDescription>
        The old link no longer works.{' '}
        {link.mailed ? `We have emailed this one to ${link.email ?? 'them'} as well.` : 'Send this one to them yourself: it is shown only now.'}
      </DialogDescription>
      <div className="mt-5">
        <CopyField label="Claim link" value={link.url} buttonLabel="Copy claim link" copiedMessage="Claim link copied" tone="gold" testId="new-claim-link" />
      </div>
      <div className="mt-6 text-right">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </>
  );
}

const TABS = [
  { key: 'made', label: 'Made by me' },
  { key: 'received', label: 'Received' },
] as const;

/** The "My nominations" section of /account: what I nominated (with fresh claim links) and what I accepted. */
export function MyNominations() {
  const query = useMyNominations();
  const newLink = useCreateClaimLink();
  const [tab, setTab] = useState<'made' | 'received'>('made');
  // Asking first: a new link kills the one the nominee may already hold (issue 7).
  const [asking, setAsking] = useState<Made | null>(null);
  const [link, setLink] = useState<NewLink | null>(null);
  // The dialog has no Radix Trigger, so it hands focus back to the button that opened it itself.
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function makeLink(c: Made) {
    newLink.mutate(c.share_id, {
      onSuccess: (r) => {
        setLink({ nominee: c.nominee_name, url: absoluteUrl(r.claim_url), mailed: r.claim_mail_sent, email: c.nominee_email });
        setAsking(null);
      },
      onError: (err) => {
        setAsking(null);
        toast({ title: 'No new link was made', description: err.message, variant: 'destructive' });
      },
    });
  }

  function closeDialog(open: boolean) {
    if (open || newLink.isPending) return;
    setAsking(null);
    setLink(null);
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next]!.key);
    tabRefs.current[next]?.focus();
  }

  const data = query.data;
  const list = data ? (tab === 'made' ? data.made : data.received) : [];

  return (
    <section aria-labelledby={`${id}-h`} className="rounded-3xl border border-line bg-white p-6 shadow-card sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-h`} className="text-2xl font-semibold">
            My nominations
          </h2>
          <p className="mt-1 text-ink-soft">Everyone you nominated while signed in, and the honours you accepted.</p>
        </div>
        <Link to={paths.nominate} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Nominate someone
        </Link>
      </div>

      <div role="tablist" aria-label="My nominations" className="mt-5 inline-flex rounded-full border border-line bg-paper p-1">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={cn('h-9 rounded-full px-4 text-sm font-semibold', tab === t.key ? 'bg-ink text-white' : 'text-ink-soft hover:text-ink')}
          >
            {t.label}
            {data ? <span className="ml-1.5 tabular-nums opacity-70">{t.key === 'made' ? data.made.length : data.received.length}</span> : null}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="mt-2">
        {query.isPending ? (
          <div className="space-y-3 py-4">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full rounded-2xl" />
            ))}
          </div>
        ) : null}
        {query.isError ? (
          <Notice tone="error" title="Your nominations did not load" className="mt-3">
            {query.error.message}
          </Notice>
        ) : null}
        {data && list.length === 0 ? (
          <p className="py-6 text-sm text-muted">
            {tab === 'made'
              ? 'No nominations yet. The committee awaits your first.'
              : 'Nothing received yet. When someone nominates you, accept it while signed in and it lands here.'}
          </p>
        ) : null}
        {data && list.length > 0 ? (
          <ul className="divide-y divide-line">
            {tab === 'made'
              ? data.made.map((c) => (
                  <Row
                    key={c.share_id}
                    c={c}
                    made
                    onNewLink={(el) => {
                      opener.current = el;
                      setAsking(c);
                    }}
                  />
                ))
              : data.received.map((c) => <Row key={c.share_id} c={c} made={false} />)}
          </ul>
        ) : null}
      </div>

      <Dialog open={asking !== null || link !== null} onOpenChange={closeDialog}>
        {link || asking ? (
          <DialogContent
            data-testid="claim-link-dialog"
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              opener.current?.focus();
            }}
          >
            {link ? (
              <NewLinkResult link={link} onDone={() => closeDialog(false)} />
            ) : asking ? (
              <ConfirmNewLink c={asking} pending={newLink.isPending} onConfirm={() => makeLink(asking)} onCancel={() => closeDialog(false)} />
            ) : null}
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
