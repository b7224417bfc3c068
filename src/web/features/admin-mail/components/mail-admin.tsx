import { Inbox, MailCheck, MailX } from 'lucide-react';
import { MAIL_STATES, type MailList, type MailState, type MailSummary } from '@/contract/admin-mail';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { SelectField } from '@/web/components/ui/select-field';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { cn } from '@/web/lib/utils';
import { useMails } from '../api/get-mails';
import { kindLabel, MAIL_STATE_LABELS, MailStateBadge, When } from './mail-badges';
import { MailSheet } from './mail-sheet';

const FILTER_KEYS = ['state', 'to'] as const;

/** How mail leaves this server, said once above the list. */
function TransportNotice({ transport }: { transport: MailList['transport'] }) {
  return transport === 'log' ? (
    <Notice className="mt-6" title="No mail server is set, so nothing leaves the building">
      Without <code className="font-mono text-xs">SMTP_URL</code> every mail is written to the server log and kept here. Open one to read it as its recipient would and
      follow its links: that is how a test account gets verified.
    </Notice>
  ) : (
    <Notice className="mt-6" title="Mail goes out through SMTP">
      You see where each mail got to and why one failed. What a mail says stays with its recipient; mails written while no mail server was set can still be read here.
    </Notice>
  );
}

/** What the empty list says, by what the admin is looking at, and the one thing to do next. */
function Empty({ state, search, onClear }: { state: MailState | undefined; search: string; onClear(): void }) {
  if (search) {
    return (
      <EmptyState icon={MailX} title="No mail to that address" action={<Button variant="outline" size="sm" onClick={onClear}>Clear the filters</Button>}>
        Try part of the address (the bit before the @ will do), or another state.
      </EmptyState>
    );
  }
  if (state === 'failed') {
    return (
      <EmptyState icon={MailCheck} title="Nothing failed">
        The mail server and the shop are on speaking terms. A mail that fails waits here with its error until it gets through.
      </EmptyState>
    );
  }
  if (state) {
    return (
      <EmptyState icon={Inbox} title={`No ${MAIL_STATE_LABELS[state].toLowerCase()} mail`} action={<Button variant="outline" size="sm" onClick={onClear}>Show every mail</Button>}>
        Nothing is in this state right now. Mail moves from queued to sent or logged within seconds.
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={Inbox} title="The post room is quiet">
      No mail yet. Sign up with a new address, nominate a friend or place a test order: its mail lands here within seconds, links ready to click.
    </EmptyState>
  );
}

/** Below sm: one card per mail, so nothing hides off-screen at 360 px. */
function MailCards({ mails, onOpen }: { mails: MailSummary[]; onOpen(id: string): void }) {
  return (
    <ul className="mt-4 grid gap-2 sm:hidden" aria-label="Mail, newest first">
      {mails.map((m) => (
        <li key={m.id} className="rounded-2xl border border-line bg-white p-3 text-sm shadow-card" data-testid="mail-card">
          <div className="flex items-start justify-between gap-2">
            <button
              type="button"
              onClick={() => onOpen(m.id)}
              className="min-w-0 text-left font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
            >
              {m.subject}
              <span className="sr-only">, open this mail</span>
            </button>
            <MailStateBadge state={m.state} className="shrink-0" />
          </div>
          <p className="mt-1 truncate text-ink-soft" title={m.to}>
            {m.to}
          </p>
          <p className="mt-0.5 text-xs text-muted">
            {kindLabel(m.kind)} · <When iso={m.created_at} />
            {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/mail (issue 24, docs/decisions/111): the mail outbox, newest first, with the state and recipient filters and
 * the page in the URL; a mail opens in a panel (?mail=) with its text, HTML, links and a resend.
 */
export function MailAdmin() {
  const { params, setParams, page, setPage } = useTableParams({ sorts: ['created'], defaultSort: 'created', defaultDir: 'desc' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'to', resets: ['page'] });
  const stateParam = params.get('state');
  const state = (MAIL_STATES as readonly string[]).includes(stateParam ?? '') ? (stateParam as MailState) : undefined;
  const open = params.get('mail');
  const mails = useMails({ state, to: search || undefined, page });
  const data = mails.data;
  const filtered = Boolean(state || search);
  const openMail = (id: string) => setParams({ mail: id }, { push: true });
  const clear = () => {
    setDraft('');
    setParams(Object.fromEntries([...FILTER_KEYS, 'page'].map((k) => [k, undefined])));
  };
  const counts = data?.state_counts;

  const columns: Column<MailSummary>[] = [
    {
      key: 'subject',
      header: 'Subject',
      rowHeader: true,
      cell: (m) => (
        <button
          type="button"
          onClick={() => openMail(m.id)}
          className="block max-w-80 text-left font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        >
          {m.subject}
          <span className="sr-only">, open this mail</span>
        </button>
      ),
    },
    {
      key: 'to',
      header: 'To',
      cell: (m) => (
        <span className="block max-w-56 truncate" title={m.to}>
          {m.to}
        </span>
      ),
    },
    { key: 'kind', header: 'Kind', className: 'whitespace-nowrap text-ink-soft', cell: (m) => kindLabel(m.kind) },
    { key: 'state', header: 'State', cell: (m) => <MailStateBadge state={m.state} /> },
    { key: 'attempts', header: 'Attempts', align: 'right', cell: (m) => m.attempts },
    { key: 'created', header: 'Written', cell: (m) => <When iso={m.created_at} /> },
  ];

  const empty = <Empty state={state} search={search} onClear={clear} />;
  const hasRows = Boolean(data && data.mails.length > 0 && !mails.isError);

  return (
    <section>
      <AdminPageHeader title="Mail" lead="Every mail the shop sends, as its recipient would read it. Open one to follow its links or send it again. No stamps required." />

      {data ? <TransportNotice transport={data.transport} /> : null}

      <FilterBar label="Filter the mail" columns="lg:grid-cols-[2fr_1fr]">
        <SearchField label="Recipient" value={draft} onChange={setDraft} placeholder="Part of an address" />
        <SelectField
          label="State"
          placeholder={`Every state${counts ? ` (${MAIL_STATES.reduce((n, s) => n + counts[s], 0)})` : ''}`}
          options={MAIL_STATES.map((s) => ({ value: s, label: counts ? `${MAIL_STATE_LABELS[s]} (${counts[s]})` : MAIL_STATE_LABELS[s] }))}
          value={state ?? ''}
          onChange={(e) => setParams({ state: e.target.value || undefined, page: undefined })}
        />
      </FilterBar>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {data
            ? `${data.total} ${data.total === 1 ? 'mail' : 'mails'}${state ? ` ${MAIL_STATE_LABELS[state].toLowerCase()}` : ''}${search ? ' to matching addresses' : ''}, newest first. Refreshes every 10 seconds.`
            : mails.isError
              ? ''
              : 'Loading...'}
        </p>
        {filtered ? (
          <Button variant="link" size="sm" className="h-auto" onClick={clear}>
            Clear the filters
          </Button>
        ) : null}
      </div>

      {hasRows ? (
        <div className={cn('transition-opacity', mails.isPlaceholderData && 'opacity-60')} aria-busy={mails.isPlaceholderData || undefined}>
          <MailCards mails={data!.mails} onOpen={openMail} />
          <div className="hidden sm:block">
            <DataTable caption="Mail, newest first" columns={columns} rows={data!.mails} rowKey={(m) => m.id} rowTestId="mail-row" empty={empty} minWidth="40rem" />
          </div>
        </div>
      ) : (
        // Loading (skeleton rows), failed (a notice) or empty: the same on every screen.
        <DataTable
          caption="Mail, newest first"
          columns={columns}
          rows={data?.mails}
          rowKey={(m) => m.id}
          error={mails.isError ? mails.error : null}
          errorTitle="The outbox did not load"
          empty={empty}
        />
      )}
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="mails" /> : null}

      <MailSheet id={open} onClose={() => setParams({ mail: undefined }, { push: true })} />
    </section>
  );
}
