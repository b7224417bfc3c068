import { useNavigate } from 'react-router';
import type { CrmContact } from '@/contract/crm';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { useEraseContact } from '../api/erase-contact';
import { CRM_LIST_HREF } from '../lib/crm-format';
import { eraseFormSchema } from '../lib/crm-forms';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Erasure for a privacy request (docs/decisions/103): says exactly what happens to each kind of record, asks for
 * the address typed again, and names the action on its button. A refusal (an admin's address, an order still on
 * its way) stays in the dialog.
 */
export function EraseContactDialog({ contact, open, onClose }: { contact: CrmContact; open: boolean; onClose(): void }) {
  const erase = useEraseContact(contact.id);
  const navigate = useNavigate();
  const form = useZodForm(eraseFormSchema(contact.email), { defaultValues: { confirm_email: '' } });
  const refusal = erase.error instanceof ApiRequestError && !erase.error.field ? erase.error : null;
  const adminAccount = contact.account?.is_admin === true;

  const submit = form.handleSubmit((body) =>
    erase.mutate(body, {
      onSuccess: ({ counts }) => {
        toast({
          title: `${contact.email} was erased`,
          description: `${plural(counts.orders_anonymised, 'order', 'orders')} anonymised, ${plural(counts.nominations_sent + counts.nominations_received, 'nomination', 'nominations')} cleared, ${plural(counts.mails_deleted, 'mail', 'mails')} deleted${counts.account_deleted ? ', account deleted' : ''}.`,
          variant: 'success',
        });
        onClose();
        void navigate(CRM_LIST_HREF);
      },
      onError: (err) => {
        showFieldError(form, err);
      },
    }),
    // The one field is wrong: focus it (the dialog's buttons sit outside the form).
    () => form.setFocus('confirm_email'),
  );

  return (
    <ConfirmDialog
      open={open}
      title="Erase this contact everywhere?"
      destructive
      pending={erase.isPending}
      confirmLabel="Erase everywhere"
      onCancel={() => {
        erase.reset();
        form.reset({ confirm_email: '' });
        onClose();
      }}
      onConfirm={() => void submit()}
      description={
        <div className="space-y-2 text-sm">
          <p>
            <strong className="break-all text-ink [font-variant-ligatures:no-contextual]">{contact.email}</strong>, for a privacy request. This cannot be undone. In one step:
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Nominations they sent lose the sender’s email and name; the certificates stay up, signed “Anonymous”.</li>
            <li>Certificates they received lose their name and email and are withdrawn from public view; unused claim links stop working.</li>
            <li>Orders are kept for the books but unlinked from any account; email, name, street, city and phone are removed (country, state and postcode stay for tax). Unpaid orders are cancelled.</li>
            <li>Bug reports lose the reporter’s email and IP address; mails sent to the address and its sign-in attempts are deleted.</li>
            <li>This contact, its tags, consent and notes are deleted; the audit log keeps who erased it and when, never the address.</li>
            {contact.account ? <li className="font-semibold text-ink">The account “{contact.account.name}” is deleted too: its sessions, sign-in methods, roles and saved cart.</li> : null}
          </ul>
          <p>Download the data first if they asked for a copy.</p>
        </div>
      }
    >
      <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} className="space-y-3">
        {adminAccount ? (
          <Notice tone="error" title="This address belongs to an admin">
            Revoke the admin role at Users first; an admin cannot be erased.
          </Notice>
        ) : null}
        {refusal ? (
          <Notice tone="error" title="Not erased">
            {refusal.message}
          </Notice>
        ) : null}
        <FormTextField control={form.control} name="confirm_email" label={`Type ${contact.email} to confirm`} autoComplete="off" spellCheck={false} />
      </form>
    </ConfirmDialog>
  );
}
