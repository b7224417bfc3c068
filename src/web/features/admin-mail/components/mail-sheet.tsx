import { ExternalLink, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MailDetail } from '@/contract/admin-mail';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/utils';
import { useMail } from '../api/get-mail';
import { useResendMail } from '../api/resend-mail';
import { exactTime, kindLabel, MAIL_STATE_ABOUT, MailStateBadge } from './mail-badges';

/**
 * Links inside the preview lead nowhere: `<base target="_blank">` sends a click to a new window, which the sandbox
 * (no allow-popups) refuses. Without it a click would load the link inside the frame. The list of links opens them.
 */
export function previewDocument(html: string): string {
  const base = '<base target="_blank">';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${base}`);
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${base}</head>`);
  return `${base}${html}`;
}

function Facts({ mail }: { mail: MailDetail }) {
  const delivered = mail.sent_at ? exactTime(mail.sent_at) : '—';
  // The recipient is the panel's own subtitle.
  const rows: [string, ReactNode][] = [
    ['Kind', kindLabel(mail.kind)],
    [
      'State',
      <>
        <MailStateBadge state={mail.state} />
        <span className="mt-1 block text-xs text-muted">{MAIL_STATE_ABOUT[mail.state]}</span>
      </>,
    ],
    ['Attempts', String(mail.attempts)],
    ['Written', exactTime(mail.created_at)],
    [mail.transport === 'log' ? 'Logged' : 'Sent', delivered],
    ['Route', mail.transport === 'log' ? 'The server log (no SMTP_URL)' : 'SMTP'],
    // Drawn when the mail is delivered (docs/decisions/132): the names, not the files.
    ...(mail.attachments.length ? [['Attached', mail.attachments.join(', ')] as [string, ReactNode]] : []),
  ];
  return (
    <dl className="grid grid-cols-[6.5rem_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{k}</dt>
          <dd className="min-w-0 wrap-anywhere">{v}</dd>
        </div>
      ))}
      {mail.error ? (
        <div className="contents">
          <dt className="text-muted">Last error</dt>
          <dd className="min-w-0 rounded-xl bg-brand-50 p-2 font-mono text-xs wrap-anywhere text-brand-800">{mail.error}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function ResendButton({ mail }: { mail: MailDetail }) {
  const resend = useResendMail();
  const onItsWay = mail.state === 'queued' || mail.state === 'sending';
  return (
    <div className="rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-sm text-sm text-ink-soft" id="mail-resend-hint">
          {onItsWay
            ? 'This one is still on its way. Resend it once it has arrived or failed.'
            : 'Sends the same mail again, word for word. A link that has expired or been used stays that way.'}
        </p>
        <Button
          size="sm"
          disabled={onItsWay || resend.isPending}
          aria-describedby="mail-resend-hint"
          onClick={() =>
            resend.mutate(mail, {
              onSuccess: ({ mail: copy }) =>
                toast({
                  title: `Sent again to ${copy.to}`,
                  description: copy.transport === 'log' ? 'A fresh copy is in the outbox and will be logged in a moment. Same words, new envelope.' : 'A fresh copy is queued for the mail server.',
                  variant: 'success',
                }),
              onError: (err) => toast({ title: 'The mail was not sent again', description: err.message, variant: 'destructive' }),
            })
          }
        >
          <Send aria-hidden="true" /> {resend.isPending ? 'Sending…' : 'Send it again'}
        </Button>
      </div>
    </div>
  );
}

function Links({ links }: { links: NonNullable<MailDetail['body']>['links'] }) {
  return (
    <section aria-labelledby="mail-links">
      <h3 id="mail-links" className="mb-2 text-lg font-semibold">
        Links
      </h3>
      {links.length === 0 ? (
        <p className="text-sm text-muted">This mail has no links. Just words, like a proper letter.</p>
      ) : (
        <ul className="grid gap-2" data-testid="mail-links">
          {links.map((l) => (
            <li key={l.url} className="rounded-2xl border border-line bg-white p-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group min-w-0 font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
                >
                  <span className="inline-flex items-center gap-1.5">
                    {l.label ?? 'Link in the text'}
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </span>
                  <span className="mt-0.5 block font-mono text-xs font-normal break-all text-ink-soft">{l.url}</span>
                </a>
                <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', l.internal ? 'bg-paper-dark text-ink-soft' : 'bg-gold/25 text-ink')}>
                  {l.internal ? 'This shop' : 'Elsewhere'}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Body({ body }: { body: NonNullable<MailDetail['body']> }) {
  return (
    <>
      <Links links={body.links} />
      {body.html ? (
        <section aria-labelledby="mail-html">
          <h3 id="mail-html" className="mb-1 text-lg font-semibold">
            As it arrives
          </h3>
          <p className="mb-2 text-xs text-muted">The HTML, in a sealed frame: no scripts, and its links stay put. Use the list above to follow them.</p>
          {/* sandbox="": no scripts, no forms, no popups, a unique origin — whatever the mail holds cannot reach the admin's session. */}
          <iframe
            title="The mail as HTML"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={previewDocument(body.html)}
            className="h-[28rem] w-full rounded-2xl border border-line bg-white"
          />
        </section>
      ) : null}
      <section aria-labelledby="mail-text">
        <h3 id="mail-text" className="mb-2 text-lg font-semibold">
          Plain text
        </h3>
        <pre className="max-h-96 overflow-auto rounded-2xl border border-line bg-white p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-anywhere" tabIndex={0} aria-label="The mail as plain text">
          {body.text}
        </pre>
      </section>
    </>
  );
}

/** The panel of one mail (?mail=): where it got to, a resend, and — for mails that went to the log — the mail itself. */
export function MailSheet({ id, onClose }: { id: string | null; onClose(): void }) {
  const query = useMail(id);
  const mail = query.data;
  return (
    <SideSheet open={id !== null} onClose={onClose} title={mail ? mail.subject : 'Mail'} description={mail ? `To ${mail.to}` : 'Loading...'} descriptionClassName="wrap-anywhere" bodyClassName="space-y-6 py-5">
      {query.isError ? (
        <Notice tone="error" title="This mail did not load">
          {query.error.message}
        </Notice>
      ) : !mail ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading the mail">
          <Skeleton className="h-36 w-full rounded-2xl" />
          <Skeleton className="h-16 w-full rounded-2xl" />
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          <Facts mail={mail} />
          <ResendButton mail={mail} />
          {mail.body ? (
            <Body body={mail.body} />
          ) : (
            <Notice title="Delivered by a real mail server, so the words are the recipient’s">
              Mails sent through SMTP are not shown here: their links sign people in. You can still see where it got to, and send it again.
            </Notice>
          )}
        </>
      )}
    </SideSheet>
  );
}
