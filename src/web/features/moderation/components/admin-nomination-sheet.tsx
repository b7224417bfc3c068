import { ExternalLink, EyeOff, Eye, MailPlus, Trash2 } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { adminHideBodySchema, type AdminNomination } from '@/contract/nominations';
import { REACTION_KINDS, REACTION_LABELS } from '@/contract/nominations-constants';
import { hrefs } from '@/contract/paths';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { LivePreview } from '@/web/components/certificates/live-preview';
import { StatusBadge } from '@/web/components/certificates/status-badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextArea, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { textLink } from '@/web/lib/styles';
import { useDeleteNomination } from '../api/delete-nomination';
import { useAdminNomination } from '../api/get-nomination';
import { useHideNomination } from '../api/hide-nomination';
import { useResendClaim } from '../api/resend-claim';
import { useUnhideNomination } from '../api/unhide-nomination';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

function HideDialog({ n, open, onOpenChange }: { n: AdminNomination; open: boolean; onOpenChange(o: boolean): void }) {
  const hide = useHideNomination();
  const form = useZodForm(adminHideBodySchema, { defaultValues: { reason: '' } });
  function submit({ reason }: { reason: string }) {
    hide.mutate(
      { id: n.id, reason },
      {
        onSuccess: () => {
          toast({ title: `${n.nominee_name}'s certificate is hidden`, description: 'It has left the wall and its public page.', variant: 'success' });
          form.reset();
          onOpenChange(false);
        },
        // Any refusal is said under the reason.
        onError: (err) => showFieldError(form, err, { otherwise: 'reason' }),
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Hide this certificate?</DialogTitle>
        <DialogDescription>It leaves the community wall and its public page says it was withdrawn. You can unhide it later.</DialogDescription>
        <Form form={form} onSubmit={submit} className="mt-4">
          <FormTextArea
            control={form.control}
            name="reason"
            label="Reason (for the audit log)"
            maxLength={500}
            rows={3}
            placeholder="e.g. Unkind about someone's appearance"
          />
          <div className="mt-5 flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={hide.isPending}>
              {hide.isPending ? 'Hiding…' : 'Hide it'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ n, open, onOpenChange, onDeleted }: { n: AdminNomination; open: boolean; onOpenChange(o: boolean): void; onDeleted(): void }) {
  const del = useDeleteNomination();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <span className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Trash2 className="size-5" aria-hidden="true" />
        </span>
        <DialogTitle className="mt-4">Delete {n.certificate_number} for good?</DialogTitle>
        <DialogDescription>
          The nomination for {n.nominee_name}, its certificate page, files, reactions and claim link are removed. This cannot be undone; hiding can.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={del.isPending}
            onClick={() =>
              del.mutate(
                { id: n.id },
                {
                  onSuccess: () => {
                    toast({ title: `${n.certificate_number} deleted`, variant: 'success' });
                    onOpenChange(false);
                    onDeleted();
                  },
                  onError: (err) => toast({ title: 'Not deleted', description: err.message, variant: 'destructive' }),
                },
              )
            }
          >
            {del.isPending ? 'Deleting…' : 'Delete for good'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A new link kills the one the nominee may already hold (issue 7): ask first, and say so. */
function ResendDialog({
  n,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  n: AdminNomination;
  open: boolean;
  onOpenChange(o: boolean): void;
  /** The button that opened it: without a Radix Trigger, focus goes back there by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const resend = useResendClaim();
  function send() {
    resend.mutate(
      { id: n.id },
      {
        onSuccess: (r) => {
          toast({
            title: r.claim_mail_sent ? `A new claim link is on its way to ${n.nominee_email}` : 'A new claim link was made, but no mail could be sent',
            description: 'The old link no longer works.',
            variant: r.claim_mail_sent ? 'success' : 'default',
          });
          onOpenChange(false);
        },
        onError: (err) => {
          toast({ title: 'No mail sent', description: err.message, variant: 'destructive' });
          onOpenChange(false);
        },
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={(o) => (resend.isPending ? undefined : onOpenChange(o))}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-gold/25 text-gold-dark">
          <MailPlus className="size-5" aria-hidden="true" />
        </span>
        <DialogTitle className="mt-4 wrap-anywhere">Send {n.nominee_name} a new claim link?</DialogTitle>
        <DialogDescription>
          We make a new link and email it to {n.nominee_email}. Any link they already have stops working at once, whether it came in
          our earlier email or from the nominator.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={resend.isPending}>
            Cancel
          </Button>
          <Button onClick={send} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Send new link'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Detail({ n, onClose }: { n: AdminNomination; onClose(): void }) {
  const unhide = useUnhideNomination();
  const [hiding, setHiding] = useState(false);
  const [resending, setResending] = useState(false);
  const resendButton = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const visible = !n.hidden && n.status !== 'declined';
  const canResend = n.status === 'pending' && !n.hidden && Boolean(n.nominee_email);

  return (
    <div className="space-y-5">
      {visible ? (
        <CertificateFrame src={n.urls.svg} alt={`${n.award.title}, awarded to ${n.nominee_name}`} />
      ) : (
        // Withdrawn files answer 410 to everyone: redraw it from its words for the moderator.
        <LivePreview
          body={{ award_id: n.award.id, template_id: n.template.id, nominee_name: n.nominee_name, reason: n.reason, nominator_name: n.nominator_name === 'Anonymous' ? '' : n.nominator_name }}
          alt={`Redrawn: ${n.award.title}, awarded to ${n.nominee_name}`}
          announce={false}
        />
      )}
      {n.hidden ? (
        <Notice tone="error" title="Hidden by moderators">
          {n.hidden_reason ?? 'No reason recorded.'}
        </Notice>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {n.hidden ? (
          <Button
            size="sm"
            variant="outline"
            disabled={unhide.isPending}
            onClick={() =>
              unhide.mutate(
                { id: n.id },
                {
                  onSuccess: () => toast({ title: `${n.nominee_name}'s certificate is visible again`, variant: 'success' }),
                  onError: (err) => toast({ title: 'Not unhidden', description: err.message, variant: 'destructive' }),
                },
              )
            }
          >
            <Eye aria-hidden="true" /> Unhide
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setHiding(true)}>
            <EyeOff aria-hidden="true" /> Hide
          </Button>
        )}
        <Button
          ref={resendButton}
          size="sm"
          variant="outline"
          disabled={!canResend}
          title={canResend ? undefined : 'Only for pending nominations with a nominee email'}
          onClick={() => setResending(true)}
        >
          <MailPlus aria-hidden="true" /> Resend claim mail
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>

      <dl className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Field label="Status">
          <span className="flex flex-wrap gap-1">
            <StatusBadge status={n.status} />
            {n.hidden ? <StatusBadge status="hidden" /> : null}
          </span>
        </Field>
        <Field label="Certificate">
          <span className="font-mono">{n.certificate_number}</span>
          {visible ? (
            <Link to={hrefs.certificate(n.share_id)} className={`${textLink} ml-2`}>
              Public page <ExternalLink aria-hidden="true" />
            </Link>
          ) : null}
        </Field>
        <Field label="Award">{n.award.title}</Field>
        <Field label="Design">{n.template.name}</Field>
        <Field label="Reason">{n.reason ? <span className="whitespace-pre-wrap">{n.reason}</span> : <span className="text-muted">(the award&rsquo;s own citation)</span>}</Field>
        <Field label="Nominee email">{n.nominee_email ?? '—'}</Field>
        <Field label="Nominated by">
          {n.nominator_name}
          {n.nominator_email ? <span className="block text-muted">{n.nominator_email}</span> : null}
          {n.nominator_user_id ? <span className="block text-xs text-muted">Account {n.nominator_user_id}</span> : null}
        </Field>
        <Field label="Visibility">{n.is_public ? 'Public (community wall)' : 'Private (link only)'}</Field>
        <Field label="Created">{fmt(n.created_at)}</Field>
        <Field label="Accepted">
          {fmt(n.claimed_at)}
          {n.claimed_by_user_id ? <span className="block text-xs text-muted">by account {n.claimed_by_user_id}</span> : null}
        </Field>
        <Field label="Declined">{fmt(n.declined_at)}</Field>
        <Field label="Reactions">{REACTION_KINDS.map((k) => `${REACTION_LABELS[k].label} ${n.reactions[k] ?? 0}`).join(' · ')}</Field>
      </dl>
      <p className="text-xs text-muted">Every action here is written to the audit log.</p>

      <HideDialog n={n} open={hiding} onOpenChange={setHiding} />
      <ResendDialog n={n} open={resending} onOpenChange={setResending} returnFocusTo={resendButton} />
      <DeleteDialog n={n} open={deleting} onOpenChange={setDeleting} onDeleted={onClose} />
    </div>
  );
}

/** The detail of one nomination in a side sheet; its id lives in the URL (?id=) so it can be linked. */
export function AdminNominationSheet({ id, onClose }: { id: string | null; onClose(): void }) {
  const query = useAdminNomination(id);
  const n = query.data;
  return (
    <SideSheet open={id !== null} onClose={onClose} width="xl" title={n ? n.nominee_name : 'Nomination'} titleClassName="wrap-anywhere" description={n ? n.award.title : 'Loading...'}>
        {query.isPending ? (
          <div className="space-y-3">
            <Skeleton className="aspect-[297/210] w-full rounded-lg" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </div>
        ) : null}
        {query.isError ? (
          <Notice tone="error" title="This nomination did not load">
            {query.error.message}
          </Notice>
        ) : null}
        {n ? <Detail n={n} onClose={onClose} /> : null}
    </SideSheet>
  );
}
