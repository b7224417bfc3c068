import { ArrowLeft, Download, ShieldAlert, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CrmContact } from '@/contract/crm';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiRequestError } from '@/web/lib/api-client';
import { formatMoney } from '@/web/lib/money';
import { contactExportHref } from '../api/export-contact';
import { useContact } from '../api/get-contact';
import { CRM_LIST_HREF, formatDay, formatWhen } from '../lib/crm-format';
import { ConsentCard } from './consent-card';
import { ContactNotes } from './contact-notes';
import { ContactTimeline } from './contact-timeline';
import { EraseContactDialog } from './erase-contact-dialog';
import { TagsEditor } from './tags-editor';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5 ${className ?? ''}`} aria-label={title}>
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

const backLink = (
  <Link to={CRM_LIST_HREF} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
    <ArrowLeft className="size-4" aria-hidden="true" /> All contacts
  </Link>
);

/** /admin/crm/contact/{id}: who they are, what they did (timeline), and what admins keep about them. */
export function ContactPage({ id }: { id: string }) {
  const query = useContact(id);
  const [erasing, setErasing] = useState(false);

  if (query.isError) {
    const gone = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <section className="space-y-4">
        {backLink}
        <Notice tone="error" title={gone ? 'No such contact' : 'The contact did not load'}>
          {gone ? 'It may have been erased, or its sources removed. Search the list for the address.' : query.error.message}
        </Notice>
      </section>
    );
  }
  const c = query.data;
  if (!c) {
    return (
      <section className="space-y-4" aria-busy="true" aria-label="Loading the contact">
        {backLink}
        <Skeleton className="h-40 w-full rounded-2xl" />
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <Skeleton className="h-96 rounded-2xl" />
          <Skeleton className="h-96 rounded-2xl" />
        </div>
      </section>
    );
  }

  return (
    <section className="space-y-4">
      {backLink}
      <ContactHeader contact={c} onErase={() => setErasing(true)} />
      <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <Card title="Timeline">
          <ContactTimeline entries={c.timeline} truncated={c.timeline_truncated} />
        </Card>
        <div className="grid gap-4">
          <Card title="Tags">
            <TagsEditor contactId={c.id} tags={c.tags} />
          </Card>
          <Card title="Consent">
            <ConsentCard contact={c} />
          </Card>
          <Card title="Notes">
            <ContactNotes contactId={c.id} notes={c.notes} />
          </Card>
        </div>
      </div>
      <EraseContactDialog key={c.id} contact={c} open={erasing} onClose={() => setErasing(false)} />
    </section>
  );
}

function ContactHeader({ contact: c, onErase }: { contact: CrmContact; onErase(): void }) {
  return (
    <header className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold break-words sm:text-4xl">{c.name ?? c.email}</h1>
          {/* No contextual alternates: Inter would draw the x of "3x8" in an address as a multiplication sign. */}
          <p className="mt-1 break-all text-ink-soft [font-variant-ligatures:no-contextual]">{c.email}</p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {c.account ? (
              <Link
                to={`/admin/users?search=${encodeURIComponent(c.email)}`}
                className="inline-flex items-center rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-white hover:bg-ink-soft"
                data-testid="crm-account-badge"
              >
                {c.account.is_admin ? 'Admin account' : 'Has an account'} · since {formatDay(c.account.created_at)}
              </Link>
            ) : (
              <span className="rounded-full bg-paper-dark px-2.5 py-0.5 text-xs font-semibold text-ink-soft">No account</span>
            )}
            {c.marketing_consent ? <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-700/30">Consent recorded</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={contactExportHref(c.id)} download className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="crm-export-json">
            <Download aria-hidden="true" /> Download data
          </a>
          <Button variant="outline" size="sm" onClick={onErase} className="text-brand-700 hover:border-brand-600">
            {c.account?.is_admin ? <ShieldAlert aria-hidden="true" /> : <Trash2 aria-hidden="true" />} Erase…
          </Button>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-line pt-4 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Lifetime value" value={formatMoney(c.ltv, c.currency)} />
        <Stat label="Orders" value={c.orders_count} />
        <Stat label="Nominated others" value={c.nominations_sent} />
        <Stat label="Was nominated" value={c.nominations_received} />
        <Stat label="First seen" value={<span className="text-base">{formatDay(c.first_seen_at)}</span>} />
        <Stat label="Last activity" value={<span className="text-base" title={formatWhen(c.last_activity_at)}>{formatDay(c.last_activity_at)}</span>} />
      </dl>
    </header>
  );
}
